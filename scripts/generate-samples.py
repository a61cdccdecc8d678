#!/usr/bin/env python3
"""Writes Assets/samples/<place>/{geocoding,current,forecast}.json: plausible, made-up weather for the offline mode's eight places.

The three files are the answers OpenWeather would give for the place (direct geocoding,
current weather, 5-day/3-hour forecast) at a fixed reference time; the app shifts the
times to the real clock when it serves them, and labels every view as sample data.
Deterministic: the same script writes the same files.
"""
import json, math, os, random

REFERENCE = 1763784000  # 2025-11-22 04:00 UTC: the sample "now" (times are shifted at run time)
FIRST_SLOT = 1763791200  # 06:00 UTC, the first 3-hour slot after REFERENCE

PLACES = [
    # name, local names, state, country, lat, lon, utc offset, mean °C, daily swing, humidity, pattern
    ("London", {"en": "London"}, "England", "GB", 51.5073, -0.1277, 0, 9, 4, 84, "rain"),
    ("New York", {"en": "New York"}, "New York", "US", 40.7128, -74.0060, -18000, 8, 5, 60, "clouds"),
    ("Tokyo", {"en": "Tokyo", "ja": "東京都"}, None, "JP", 35.6828, 139.7595, 32400, 13, 5, 55, "clear"),
    ("Sydney", {"en": "Sydney"}, "New South Wales", "AU", -33.8688, 151.2093, 39600, 22, 6, 65, "clear"),
    ("São Paulo", {"en": "São Paulo", "pt": "São Paulo"}, "São Paulo", "BR", -23.5505, -46.6333, -10800, 22, 5, 78, "storms"),
    ("Kathmandu", {"en": "Kathmandu", "ne": "काठमाडौं"}, None, "NP", 27.7172, 85.3240, 20700, 13, 8, 70, "haze"),
    ("Reykjavík", {"en": "Reykjavik", "is": "Reykjavík"}, None, "IS", 64.1466, -21.9426, 0, -2, 2, 80, "snow"),
    ("Mumbai", {"en": "Mumbai", "hi": "मुंबई"}, "Maharashtra", "IN", 19.0760, 72.8777, 19800, 28, 4, 70, "showers"),
]

CONDITIONS = {
    800: ("Clear", "clear sky", "01"), 801: ("Clouds", "few clouds", "02"), 802: ("Clouds", "scattered clouds", "03"),
    803: ("Clouds", "broken clouds", "04"), 804: ("Clouds", "overcast clouds", "04"), 500: ("Rain", "light rain", "10"),
    501: ("Rain", "moderate rain", "10"), 521: ("Rain", "shower rain", "09"), 211: ("Thunderstorm", "thunderstorm", "11"),
    600: ("Snow", "light snow", "13"), 601: ("Snow", "snow", "13"), 721: ("Haze", "haze", "50"), 701: ("Mist", "mist", "50"),
}

PATTERNS = {  # per 3-hour slot index (0…39): condition code, pop, mm
    "rain": lambda i: (501, 0.9, 2.4) if 3 <= i <= 5 else (500, 0.6, 0.5) if 6 <= i <= 7 else (804, 0.2, 0) if i < 16 else (802, 0.1, 0),
    "clouds": lambda i: (803, 0.1, 0) if i % 8 < 5 else (801, 0, 0),
    "clear": lambda i: (800, 0, 0) if i < 30 else (801, 0.05, 0),
    "storms": lambda i: (211, 0.8, 5.1) if i % 8 in (6, 7) else (802, 0.3, 0),
    "haze": lambda i: (721, 0, 0) if i % 8 < 3 else (800, 0, 0),
    "snow": lambda i: (601, 0.9, 1.8) if 2 <= i <= 6 else (600, 0.5, 0.4) if i in (20, 21) else (804, 0.2, 0),
    "showers": lambda i: (521, 0.7, 3.2) if i % 8 in (3, 4) else (803, 0.3, 0),
}

def local_hour(t, offset):
    return ((t + offset) % 86400) / 3600

def temperature(t, offset, mean, swing):
    # Coldest near 05:00 local, warmest near 15:00.
    return round(mean + swing * math.sin((local_hour(t, offset) - 9) / 24 * 2 * math.pi), 2)

def weather(code, t, offset):
    main, description, icon = CONDITIONS[code]
    day = 6 <= local_hour(t, offset) < 18
    return [{"id": code, "main": main, "description": description, "icon": icon + ("d" if day else "n")}], day

def sun_times(offset, lat):
    # Sunrise and sunset on the reference day, local 06:30–07:30 and 16:30–19:30 depending on latitude.
    local_midnight = REFERENCE + offset - (REFERENCE + offset) % 86400 - offset
    length = 12 - 6 * math.sin(math.radians(lat)) * 0.9  # late November: short northern days
    noon = local_midnight + 12 * 3600
    return int(noon - length / 2 * 3600), int(noon + length / 2 * 3600)

def build(place):
    name, local_names, state, country, lat, lon, offset, mean, swing, humidity, pattern = place
    rng = random.Random(name)
    sunrise, sunset = sun_times(offset, lat)
    geo = {"name": name, "local_names": local_names,
           "lat": lat, "lon": lon, "country": country}
    if state:
        geo["state"] = state
    items = []
    for i in range(40):
        t = FIRST_SLOT + i * 10800
        code, pop, mm = PATTERNS[pattern](i)
        entries, day = weather(code, t, offset)
        temp = temperature(t, offset, mean, swing) - (1.5 if mm > 1 else 0)
        item = {
            "dt": t,
            "main": {"temp": temp, "feels_like": round(temp - rng.uniform(0, 3), 2), "temp_min": temp, "temp_max": temp,
                     "pressure": 1012 + rng.randint(-8, 8), "humidity": min(100, humidity + (15 if mm else 0) + rng.randint(-5, 5))},
            "weather": entries,
            "clouds": {"all": 0 if code == 800 else 20 if code == 801 else 90},
            "wind": {"speed": round(rng.uniform(1, 7), 2), "deg": rng.randint(0, 359), "gust": round(rng.uniform(4, 12), 2)},
            "visibility": 10000 if mm == 0 else 4000,
            "pop": pop,
            "sys": {"pod": "d" if day else "n"},
        }
        if mm:
            item["snow" if pattern == "snow" else "rain"] = {"3h": mm}
        items.append(item)
    now_code, _, now_mm = PATTERNS[pattern](0)
    now_weather, _ = weather(now_code, REFERENCE, offset)
    now_temp = temperature(REFERENCE, offset, mean, swing)
    current = {
        "coord": {"lon": lon, "lat": lat}, "weather": now_weather, "base": "stations",
        "main": {"temp": now_temp, "feels_like": round(now_temp - 1.8, 2), "temp_min": now_temp - 1, "temp_max": now_temp + 1,
                 "pressure": 1013, "humidity": humidity},
        "visibility": 10000, "wind": {"speed": 3.6, "deg": 230, "gust": 7.2}, "clouds": {"all": 40},
        "dt": REFERENCE, "sys": {"country": country, "sunrise": sunrise, "sunset": sunset},
        "timezone": offset, "name": name, "cod": 200,
    }
    if now_mm:
        current["snow" if pattern == "snow" else "rain"] = {"1h": round(now_mm / 3, 2)}
    forecast = {"cod": "200", "message": 0, "cnt": 40, "list": items,
                "city": {"name": name, "country": country, "timezone": offset, "sunrise": sunrise, "sunset": sunset,
                         "coord": {"lat": lat, "lon": lon}}}
    return {"geocoding": geo, "current": current, "forecast": forecast}

def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Assets", "samples")
    os.makedirs(root, exist_ok=True)
    for place in PLACES:
        slug = place[0].lower().replace(" ", "-").replace("ã", "a").replace("í", "i")
        os.makedirs(os.path.join(root, slug), exist_ok=True)
        for part, body in build(place).items():
            with open(os.path.join(root, slug, part + ".json"), "w", encoding="utf-8") as f:
                json.dump(body, f, ensure_ascii=False, separators=(",", ":"))
                f.write("\n")

if __name__ == "__main__":
    main()
