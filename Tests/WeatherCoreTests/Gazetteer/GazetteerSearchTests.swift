import Testing
@testable import WeatherCore

/// The bundled gazetteer's search, held to facts about the places (their country, their state in the US, Canada and
/// Australia, where they are to within about 50 km), written from what is known of them rather than copied from its
/// answers: the first result of each query must be the place a person typing it means.
struct GazetteerSearchTests {
    /// A query and the place it must find first: its country, its state or province where the project names them
    /// (nil: not checked), and its coordinates.
    struct Expected: CustomTestStringConvertible, Sendable {
        var query: String
        var country: String
        var state: String?
        var latitude: Double
        var longitude: Double
        var testDescription: String { query }

        init(_ query: String, _ country: String, _ state: String, _ latitude: Double, _ longitude: Double) {
            (self.query, self.country, self.state, self.latitude, self.longitude) = (query, country, state, latitude, longitude)
        }

        init(_ query: String, _ country: String, _ latitude: Double, _ longitude: Double) {
            (self.query, self.country, self.state, self.latitude, self.longitude) = (query, country, nil, latitude, longitude)
        }
    }

    /// Capitals, and the largest cities of each continent.
    static let capitals: [Expected] = [
        .init("Tokyo", "JP", 35.69, 139.69), .init("New Delhi", "IN", 28.61, 77.21), .init("Beijing", "CN", 39.91, 116.40),
        .init("Seoul", "KR", 37.57, 126.98), .init("Bangkok", "TH", 13.75, 100.50), .init("Hanoi", "VN", 21.03, 105.85),
        .init("Manila", "PH", 14.60, 120.98), .init("Jakarta", "ID", -6.21, 106.85), .init("Kuala Lumpur", "MY", 3.14, 101.69),
        .init("Singapore", "SG", 1.29, 103.85), .init("Dhaka", "BD", 23.81, 90.41), .init("Islamabad", "PK", 33.69, 73.06),
        .init("Kabul", "AF", 34.53, 69.17), .init("Tehran", "IR", 35.69, 51.42), .init("Baghdad", "IQ", 33.34, 44.40),
        .init("Riyadh", "SA", 24.69, 46.72), .init("Amman", "JO", 31.95, 35.93), .init("Beirut", "LB", 33.89, 35.50),
        .init("Damascus", "SY", 33.51, 36.29), .init("Ankara", "TR", 39.93, 32.86), .init("Cairo", "EG", 30.04, 31.24),
        .init("Khartoum", "SD", 15.55, 32.53), .init("Addis Ababa", "ET", 9.03, 38.74), .init("Nairobi", "KE", -1.29, 36.82),
        .init("Kampala", "UG", 0.32, 32.58), .init("Kinshasa", "CD", -4.32, 15.31), .init("Luanda", "AO", -8.84, 13.23),
        .init("Lusaka", "ZM", -15.41, 28.29), .init("Harare", "ZW", -17.83, 31.05), .init("Pretoria", "ZA", -25.75, 28.19),
        .init("Maputo", "MZ", -25.97, 32.58), .init("Antananarivo", "MG", -18.91, 47.54), .init("Abuja", "NG", 9.06, 7.49),
        .init("Accra", "GH", 5.56, -0.20), .init("Dakar", "SN", 14.69, -17.44), .init("Rabat", "MA", 34.01, -6.83),
        .init("Algiers", "DZ", 36.75, 3.06), .init("Tunis", "TN", 36.82, 10.17), .init("Tripoli", "LY", 32.89, 13.19),
        .init("Madrid", "ES", 40.42, -3.70), .init("Lisbon", "PT", 38.72, -9.14), .init("Paris", "FR", 48.85, 2.35),
        .init("London", "GB", 51.51, -0.13), .init("Dublin", "IE", 53.34, -6.27), .init("Brussels", "BE", 50.85, 4.35),
        .init("Amsterdam", "NL", 52.37, 4.89), .init("Berlin", "DE", 52.52, 13.40), .init("Bern", "CH", 46.95, 7.45),
        .init("Vienna", "AT", 48.21, 16.37), .init("Rome", "IT", 41.89, 12.48), .init("Prague", "CZ", 50.09, 14.42),
        .init("Warsaw", "PL", 52.23, 21.01), .init("Budapest", "HU", 47.50, 19.04), .init("Bratislava", "SK", 48.15, 17.11),
        .init("Ljubljana", "SI", 46.05, 14.51), .init("Zagreb", "HR", 45.81, 15.98), .init("Belgrade", "RS", 44.80, 20.47),
        .init("Sarajevo", "BA", 43.85, 18.36), .init("Sofia", "BG", 42.70, 23.32), .init("Bucharest", "RO", 44.43, 26.10),
        .init("Athens", "GR", 37.98, 23.73), .init("Kiev", "UA", 50.45, 30.52), .init("Kyiv", "UA", 50.45, 30.52),
        .init("Minsk", "BY", 53.90, 27.57), .init("Vilnius", "LT", 54.69, 25.28), .init("Riga", "LV", 56.95, 24.11),
        .init("Tallinn", "EE", 59.44, 24.75), .init("Helsinki", "FI", 60.17, 24.94), .init("Stockholm", "SE", 59.33, 18.07),
        .init("Oslo", "NO", 59.91, 10.75), .init("Copenhagen", "DK", 55.68, 12.57), .init("Moscow", "RU", 55.75, 37.62),
        .init("Tbilisi", "GE", 41.69, 44.83), .init("Yerevan", "AM", 40.18, 44.51), .init("Baku", "AZ", 40.41, 49.87),
        .init("Tashkent", "UZ", 41.26, 69.22), .init("Bishkek", "KG", 42.87, 74.59), .init("Dushanbe", "TJ", 38.54, 68.78),
        .init("Ulaanbaatar", "MN", 47.91, 106.88), .init("Taipei", "TW", 25.05, 121.53),
        .init("Canberra", "AU", "Australian Capital Territory", -35.28, 149.13), .init("Wellington", "NZ", -41.29, 174.78),
        .init("Ottawa", "CA", "Ontario", 45.41, -75.70), .init("Washington", "US", "District of Columbia", 38.90, -77.04),
        .init("Mexico City", "MX", 19.43, -99.13), .init("Guatemala City", "GT", 14.64, -90.51),
        .init("San Salvador", "SV", 13.69, -89.19), .init("Tegucigalpa", "HN", 14.08, -87.21), .init("Managua", "NI", 12.13, -86.25),
        .init("Havana", "CU", 23.13, -82.38), .init("Kingston", "JM", 18.00, -76.79), .init("Santo Domingo", "DO", 18.47, -69.89),
        .init("Port-au-Prince", "HT", 18.54, -72.34), .init("Bogota", "CO", 4.61, -74.08), .init("Caracas", "VE", 10.49, -66.88),
        .init("Quito", "EC", -0.23, -78.52), .init("Lima", "PE", -12.04, -77.03), .init("La Paz", "BO", -16.50, -68.15),
        .init("Santiago", "CL", -33.45, -70.65), .init("Buenos Aires", "AR", -34.61, -58.38),
        .init("Montevideo", "UY", -34.90, -56.19), .init("Asuncion", "PY", -25.29, -57.65), .init("Brasilia", "BR", -15.78, -47.93),
        .init("Paramaribo", "SR", 5.87, -55.17), .init("Georgetown", "GY", 6.80, -58.16),
    ]

    static let largeCities: [Expected] = [
        .init("New York", "US", "New York", 40.71, -74.01), .init("Los Angeles", "US", "California", 34.05, -118.24),
        .init("Chicago", "US", "Illinois", 41.85, -87.65), .init("Houston", "US", "Texas", 29.76, -95.36),
        .init("Toronto", "CA", "Ontario", 43.70, -79.42), .init("Vancouver", "CA", "British Columbia", 49.25, -123.12),
        .init("Sydney", "AU", "New South Wales", -33.87, 151.21), .init("Melbourne", "AU", "Victoria", -37.81, 144.96),
        .init("Brisbane", "AU", "Queensland", -27.47, 153.03), .init("Auckland", "NZ", -36.85, 174.76),
        .init("Shanghai", "CN", 31.22, 121.46), .init("Hong Kong", "HK", 22.28, 114.17), .init("Osaka", "JP", 34.69, 135.50),
        .init("Istanbul", "TR", 41.01, 28.95), .init("Karachi", "PK", 24.86, 67.01), .init("Lahore", "PK", 31.55, 74.34),
        .init("Chennai", "IN", 13.08, 80.27), .init("Bangalore", "IN", 12.97, 77.59), .init("Rio de Janeiro", "BR", -22.91, -43.18),
        .init("Salvador", "BR", -12.97, -38.51), .init("Recife", "BR", -8.05, -34.88), .init("Porto Alegre", "BR", -30.03, -51.23),
        .init("Manaus", "BR", -3.10, -60.02), .init("Guadalajara", "MX", 20.67, -103.39), .init("Monterrey", "MX", 25.67, -100.31),
        .init("Barcelona", "ES", 41.39, 2.16), .init("Milan", "IT", 45.46, 9.19), .init("Munich", "DE", 48.14, 11.58),
        .init("Hamburg", "DE", 53.55, 10.00), .init("Frankfurt", "DE", 50.11, 8.68), .init("Lyon", "FR", 45.75, 4.85),
        .init("Marseille", "FR", 43.30, 5.37), .init("Geneva", "CH", 46.20, 6.15), .init("Saint Petersburg", "RU", 59.94, 30.31),
        .init("Novosibirsk", "RU", 55.04, 82.93), .init("Vladivostok", "RU", 43.11, 131.87), .init("Johannesburg", "ZA", -26.20, 28.04),
        .init("Cape Town", "ZA", -33.93, 18.42), .init("Lagos", "NG", 6.45, 3.39), .init("Dar es Salaam", "TZ", -6.82, 39.27),
        .init("Anchorage", "US", "Alaska", 61.22, -149.90), .init("Honolulu", "US", "Hawaii", 21.31, -157.86),
        .init("Alexandria", "EG", 31.20, 29.92), .init("Birmingham", "GB", 52.48, -1.90), .init("Manchester", "GB", 53.48, -2.24),
        .init("Perth", "AU", "Western Australia", -31.95, 115.86), .init("Valencia", "VE", 10.16, -68.00),
        .init("Cordoba", "AR", -31.41, -64.18), .init("Portland", "US", "Oregon", 45.52, -122.68),
        .init("Columbus", "US", "Ohio", 39.96, -83.00), .init("Richmond", "US", "Virginia", 37.55, -77.46),
    ]

    /// Accents and other letters folded: typed without them, or with them as the place writes its name.
    static let folded: [Expected] = [
        .init("Sao Paulo", "BR", -23.55, -46.64), .init("São Paulo", "BR", -23.55, -46.64), .init("SAO PAULO", "BR", -23.55, -46.64),
        .init("Zurich", "CH", 47.37, 8.54), .init("Zürich", "CH", 47.37, 8.54), .init("Koln", "DE", 50.94, 6.96),
        .init("Köln", "DE", 50.94, 6.96), .init("Munchen", "DE", 48.14, 11.58), .init("München", "DE", 48.14, 11.58),
        .init("Dusseldorf", "DE", 51.22, 6.78), .init("Malmo", "SE", 55.61, 13.00), .init("Goteborg", "SE", 57.71, 11.97),
        .init("Reykjavik", "IS", 64.14, -21.90), .init("Medellin", "CO", 6.25, -75.56), .init("Cancun", "MX", 21.17, -86.85),
        .init("Montreal", "CA", "Quebec", 45.51, -73.59), .init("Quebec", "CA", "Quebec", 46.81, -71.21),
        .init("Krakow", "PL", 50.06, 19.94), .init("Gdansk", "PL", 54.35, 18.65), .init("Wroclaw", "PL", 51.10, 17.03),
        .init("Lodz", "PL", 51.77, 19.46), .init("Łódź", "PL", 51.77, 19.46), .init("Poznan", "PL", 52.41, 16.93),
        .init("Plzen", "CZ", 49.75, 13.38), .init("Kosice", "SK", 48.72, 21.26), .init("Timisoara", "RO", 45.75, 21.23),
        .init("Iasi", "RO", 47.16, 27.59), .init("Tromso", "NO", 69.65, 18.96), .init("Tromsø", "NO", 69.65, 18.96),
        .init("Malaga", "ES", 36.72, -4.42), .init("Cadiz, ES", "ES", 36.53, -6.29), .init("Izmir", "TR", 38.41, 27.14),
        .init("Eskisehir", "TR", 39.78, 30.52), .init("Besancon", "FR", 47.24, 6.02), .init("Orleans, FR", "FR", 47.90, 1.90),
        .init("Belem", "BR", -1.46, -48.50), .init("Goiania", "BR", -16.68, -49.25), .init("Florianopolis", "BR", -27.60, -48.55),
        .init("Trois-Rivieres", "CA", "Quebec", 46.35, -72.55), .init("Asunción", "PY", -25.29, -57.65),
        .init("  sao   paulo ", "BR", -23.55, -46.64), .init("Port au Prince", "HT", 18.54, -72.34),
        .init("Trois Rivieres", "CA", "Quebec", 46.35, -72.55), .init("St Johns, NL", "CA", "Newfoundland and Labrador", 47.56, -52.71),
        .init("Saint John's, NL", "CA", "Newfoundland and Labrador", 47.56, -52.71), .init("Nis", "RS", 43.32, 21.90), .init("Aarhus", "DK", 56.16, 10.21),
    ]

    /// Other languages' names (the six the program speaks, and a few old ones).
    static let exonyms: [Expected] = [
        .init("Londres", "GB", 51.51, -0.13), .init("Londra", "GB", 51.51, -0.13), .init("Cologne", "DE", 50.94, 6.96),
        .init("Colonia", "DE", 50.94, 6.96), .init("Mailand", "IT", 45.46, 9.19), .init("Milano", "IT", 45.46, 9.19),
        .init("Lissabon", "PT", 38.72, -9.14), .init("Lisbonne", "PT", 38.72, -9.14), .init("Lisboa", "PT", 38.72, -9.14),
        .init("Moskau", "RU", 55.75, 37.62), .init("Moscou", "RU", 55.75, 37.62), .init("Mosca", "RU", 55.75, 37.62),
        .init("Varsovie", "PL", 52.23, 21.01), .init("Warschau", "PL", 52.23, 21.01), .init("Prag", "CZ", 50.09, 14.42),
        .init("Praga", "CZ", 50.09, 14.42), .init("Athen", "GR", 37.98, 23.73), .init("Atene", "GR", 37.98, 23.73),
        .init("Peking", "CN", 39.91, 116.40), .init("Pékin", "CN", 39.91, 116.40), .init("Pechino", "CN", 39.91, 116.40),
        .init("Kairo", "EG", 30.04, 31.24), .init("Genf", "CH", 46.20, 6.15), .init("Genève", "CH", 46.20, 6.15),
        .init("Ginevra", "CH", 46.20, 6.15), .init("Ginebra", "CH", 46.20, 6.15), .init("Zurigo", "CH", 47.37, 8.54),
        .init("Bâle", "CH", 47.56, 7.59), .init("Brüssel", "BE", 50.85, 4.35), .init("Bruxelles", "BE", 50.85, 4.35),
        .init("Bruselas", "BE", 50.85, 4.35), .init("Kopenhagen", "DK", 55.68, 12.57), .init("Copenhague", "DK", 55.68, 12.57),
        .init("Estocolmo", "SE", 59.33, 18.07), .init("Florenz", "IT", 43.77, 11.25), .init("Firenze", "IT", 43.77, 11.25),
        .init("Venedig", "IT", 45.44, 12.33), .init("Venezia", "IT", 45.44, 12.33), .init("Neapel", "IT", 40.85, 14.27),
        .init("Napoli", "IT", 40.85, 14.27), .init("Rom", "IT", 41.89, 12.48), .init("Roma", "IT", 41.89, 12.48),
        .init("Torino", "IT", 45.07, 7.69), .init("Marsella", "FR", 43.30, 5.37), .init("Marsiglia", "FR", 43.30, 5.37),
        .init("Nürnberg", "DE", 49.45, 11.08), .init("Nuremberg", "DE", 49.45, 11.08), .init("Aix-la-Chapelle", "DE", 50.78, 6.08),
        .init("Danzig", "PL", 54.35, 18.65), .init("Breslau", "PL", 51.10, 17.03), .init("Krakau", "PL", 50.06, 19.94),
        .init("Belgrado", "RS", 44.80, 20.47), .init("Bucarest", "RO", 44.43, 26.10), .init("Constantinople", "TR", 41.01, 28.95),
        .init("Estambul", "TR", 41.01, 28.95), .init("Jérusalem", "IL", 31.77, 35.22), .init("La Habana", "CU", 23.13, -82.38),
        .init("Ciudad de México", "MX", 19.43, -99.13), .init("Nueva York", "US", "New York", 40.71, -74.01),
        .init("Filadelfia", "US", "Pennsylvania", 39.95, -75.16), .init("Séville", "ES", 37.38, -5.97),
        .init("Sevilla", "ES", 37.38, -5.97), .init("Saragosse", "ES", 41.65, -0.88), .init("La Haye", "NL", 52.08, 4.30),
        .init("Den Haag", "NL", 52.08, 4.30), .init("Gand", "BE", 51.05, 3.72), .init("Anvers", "BE", 51.22, 4.40),
        .init("Lüttich", "BE", 50.63, 5.57), .init("Helsingfors", "FI", 60.17, 24.94), .init("Tiflis", "GE", 41.69, 44.83),
        .init("Alger", "DZ", 36.75, 3.06), .init("Tanger", "MA", 35.77, -5.80), .init("Bombay", "IN", 19.07, 72.88),
        .init("Calcutta", "IN", 22.57, 88.36), .init("Rangoon", "MM", 16.80, 96.16), .init("Saigon", "VN", 10.82, 106.63),
        .init("Leningrad", "RU", 59.94, 30.31), .init("Canton", "CN", 23.12, 113.25), .init("Singapur", "SG", 1.29, 103.85),
        .init("Edimburgo", "GB", 55.95, -3.19), .init("Dublino", "IE", 53.34, -6.27),
    ]

    /// "City, CC", "City, ST" (a state's reading before a country's), "City, ST, CC", "City, State".
    static let filtered: [Expected] = [
        .init("Springfield, IL", "US", "Illinois", 39.80, -89.64), .init("Springfield, MA", "US", "Massachusetts", 42.10, -72.59),
        .init("Springfield, MO", "US", "Missouri", 37.22, -93.30), .init("Springfield, OR", "US", "Oregon", 44.05, -123.02),
        .init("Springfield, OH", "US", "Ohio", 39.92, -83.81), .init("Springfield, Illinois, US", "US", "Illinois", 39.80, -89.64),
        .init("Portland, ME", "US", "Maine", 43.66, -70.26), .init("Portland, Oregon", "US", "Oregon", 45.52, -122.68),
        .init("Paris, TX", "US", "Texas", 33.66, -95.56), .init("Paris, FR", "FR", 48.85, 2.35), .init("Paris, US", "US", "Texas", 33.66, -95.56),
        .init("London, ON", "CA", "Ontario", 42.98, -81.25), .init("London, ON, CA", "CA", "Ontario", 42.98, -81.25),
        .init("London, CA", "CA", "Ontario", 42.98, -81.25), .init("London, UK", "GB", 51.51, -0.13),
        .init("Perth, WA", "AU", "Western Australia", -31.95, 115.86), .init("Perth, GB", "GB", 56.40, -3.43),
        .init("Richmond, CA", "US", "California", 37.94, -122.35), .init("Richmond, BC", "CA", "British Columbia", 49.17, -123.14),
        .init("Athens, GA", "US", "Georgia", 33.96, -83.38), .init("Rome, NY", "US", "New York", 43.21, -75.46),
        .init("Rome, GA", "US", "Georgia", 34.26, -85.16), .init("Moscow, ID", "US", "Idaho", 46.73, -117.00),
        .init("Dublin, OH", "US", "Ohio", 40.10, -83.11), .init("Florence, SC", "US", "South Carolina", 34.20, -79.76),
        .init("Naples, FL", "US", "Florida", 26.14, -81.79), .init("Birmingham, AL", "US", "Alabama", 33.52, -86.80),
        .init("Birmingham, US", "US", "Alabama", 33.52, -86.80), .init("Cambridge, US", "US", "Massachusetts", 42.37, -71.11),
        .init("Cambridge, ON", "CA", "Ontario", 43.36, -80.31), .init("Hamilton, NZ", "NZ", -37.79, 175.28),
        .init("Kingston, CA", "CA", "Ontario", 44.23, -76.48), .init("Sydney, NS", "CA", "Nova Scotia", 46.14, -60.19),
        .init("Valencia, ES", "ES", 39.47, -0.38), .init("Cordoba, ES", "ES", 37.88, -4.78), .init("Cordoba, MX", "MX", 18.88, -96.93),
        .init("Tripoli, LB", "LB", 34.43, 35.84), .init("Georgetown, TX", "US", "Texas", 30.63, -97.68),
        .init("Victoria, BC", "CA", "British Columbia", 48.43, -123.37), .init("Salem, OR", "US", "Oregon", 44.94, -123.04),
        .init("Melbourne, FL", "US", "Florida", 28.08, -80.61), .init("Kansas City, KS", "US", "Kansas", 39.11, -94.63),
        .init("Kansas City, MO", "US", "Missouri", 39.10, -94.58), .init("San Jose, CR", "CR", 9.93, -84.08),
        .init("Aurora, IL", "US", "Illinois", 41.76, -88.32), .init("Columbus, GA", "US", "Georgia", 32.46, -84.99),
    ]

    /// Half-hour and quarter-hour zones: the place comes with its zone.
    static let oddZones: [(query: String, zone: String)] = [
        ("Kathmandu", "Asia/Kathmandu"), ("Adelaide", "Australia/Adelaide"), ("St. John's", "America/St_Johns"), ("St Johns", "America/St_Johns"),
        ("Darwin", "Australia/Darwin"), ("Tehran", "Asia/Tehran"), ("Kolkata", "Asia/Kolkata"), ("Yangon", "Asia/Yangon"),
        ("Kabul", "Asia/Kabul"), ("Colombo", "Asia/Colombo"),
    ]

    static let all = capitals + largeCities + folded + exonyms + filtered

    @Test func thereAreAtLeastTwoHundredQueries() {
        #expect(Self.all.count + Self.oddZones.count >= 200)
    }

    @Test(arguments: all) func theFirstResultIsThePlaceMeant(_ expected: Expected) throws {
        let place = try #require(Gazetteer.shared.search(expected.query).first, "nothing found")
        #expect(place.country == expected.country, "\(place.displayName)")
        if let state = expected.state { #expect(place.state == state, "\(place.displayName)") }
        #expect(abs(place.latitude - expected.latitude) < 0.5, "\(place.displayName) at \(place.latitude)")
        #expect(abs(place.longitude - expected.longitude) < 0.5, "\(place.displayName) at \(place.longitude)")
        #expect(place.timeZone != nil)
    }

    @Test(arguments: oddZones) func aPlaceComesWithItsTimeZone(_ query: String, _ zone: String) throws {
        let place = try #require(Gazetteer.shared.search(query).first)
        #expect(place.timeZone == zone, "\(place.displayName)")
    }

    /// GeoNames has eight Springfields of 15,000 people or more, all in the US: the five largest (Missouri,
    /// Massachusetts, Illinois, Oregon, Ohio) lead, each no larger than the one before; after them, the place that
    /// has "Springfield" only as an alternate name.
    @Test func theSpringfieldsByPopulation() throws {
        let gazetteer = Gazetteer.shared
        let table = try #require(gazetteer.table)
        let cities = gazetteer.cities(named: "Springfield", limit: 20)
        let places = cities.map(table.place)
        #expect(places.prefix(5).map(\.state) == ["Missouri", "Massachusetts", "Illinois", "Oregon", "Ohio"])
        let named = cities.filter { table.name(of: $0) == "Springfield" }
        #expect(named.count == 8)
        #expect(cities.prefix(8) == named.prefix(8))
        let populations = named.map(table.population)
        #expect(populations == populations.sorted(by: >), "\(populations)")
        #expect(Set(places.map(\.displayName)).count == places.count)
        #expect(places.allSatisfy { $0.country == "US" })
        // The list a person picks from: ten at most.
        #expect(gazetteer.search("Springfield").count == 9)
    }

    /// A city's own name counts for more than another's alternate: Cádiz in Spain is "Cadiz, ES", Cadiz in the
    /// Philippines (more populous) is "Cadiz"; Orléans in France is "Orleans, FR", the larger Orléans is Ottawa's.
    @Test func populationDecidesBetweenNamesakes() {
        #expect(Gazetteer.shared.search("Cadiz").first?.country == "PH")
        #expect(Gazetteer.shared.search("Cadiz").dropFirst().first?.country == "ES")
        #expect(Gazetteer.shared.search("Orleans").map(\.country).prefix(2) == ["CA", "FR"])
    }

    /// Near the places the user follows, a smaller namesake comes first: following Eugene, Oregon, "Springfield" is
    /// the one next door; following Dayton, Ohio, it is Ohio's.
    @Test func closenessToFollowedPlacesComesBeforePopulation() throws {
        let eugene = Place(name: "Eugene", state: "Oregon", country: "US", latitude: 44.05, longitude: -123.09)
        let dayton = Place(name: "Dayton", state: "Ohio", country: "US", latitude: 39.76, longitude: -84.19)
        #expect(Gazetteer.shared.search("Springfield", near: [eugene]).first?.state == "Oregon")
        #expect(Gazetteer.shared.search("Springfield", near: [dayton]).first?.state == "Ohio")
        #expect(Gazetteer.shared.search("Springfield").first?.state == "Missouri")
    }

    /// "Springfield, IL" reads IL as Illinois and as Israel; Israel has no Springfield, so only Illinois's is listed.
    /// "Perth, WA" reads WA as Washington (no Perth) and Western Australia.
    @Test func readingsWithoutTheNameAddNothing() {
        #expect(Gazetteer.shared.search("Springfield, IL").map(\.state) == ["Illinois"])
        #expect(Gazetteer.shared.search("Perth, WA").map(\.country) == ["AU"])
    }

    @Test func unknownNamesFindNothing() {
        for query in ["Testford", "Lower Slaughter", "90210", "Springfield, ZZ", "London, England, GB", "", "  ", "Zzyzx"] {
            #expect(Gazetteer.shared.search(query).isEmpty, "\(query)")
        }
    }

    @Test func didYouMeanFindsNamesAnEditOrTwoAway() {
        #expect(Gazetteer.shared.suggestions(for: "Lodnon").first?.country == "GB")
        #expect(Gazetteer.shared.suggestions(for: "Zurihc").first?.country == "CH")
        #expect(Gazetteer.shared.suggestions(for: "Amsterdma").first?.country == "NL")
        #expect(Gazetteer.shared.suggestions(for: "Springfeild").first?.name == "Springfield")
        #expect(Gazetteer.shared.suggestions(for: "Springfeild, OR").first?.state == "Oregon")
        // Too short to guess, and nothing near.
        #expect(Gazetteer.shared.suggestions(for: "Rmo").isEmpty)
        #expect(Gazetteer.shared.suggestions(for: "Qqqqqqqq").isEmpty)
    }
}
