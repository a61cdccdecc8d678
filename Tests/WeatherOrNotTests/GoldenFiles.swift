import WeatherCoreTesting

/// This target's golden files, in `Tests/WeatherOrNotTests/Golden`.
let golden = Golden(beside: #filePath)
