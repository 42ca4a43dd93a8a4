package plot

// sampleFigures are small figures of each kind with values like the shared
// Argo data's (float 2902269 in the Arabian Sea).
func sampleFigures() map[string]Figure {
	return map[string]Figure{
		"profile": {Kind: Profile, Title: "Float 2902269 cycle 10", X: Axis{"Temperature", "°C"},
			Series: []Series{{Name: "cycle 10", Points: []Point{{28.91, 4.6}, {28.87, 20.1}, {26.02, 75.3}, {18.4, 150}, {12.95, 500.2}, {8.1, 1000.4}, {2.95, 1995.7}}}}},
		"time_series": {Kind: TimeSeries, Title: "Surface temperature, float 2902269", Y: Axis{"Temperature", "°C"},
			Series: []Series{{Name: "2902269", Points: []Point{{1546300800, 27.1}, {1548979200, 26.4}, {1551398400, 27.9}, {1554076800, 29.6}, {1556668800, 30.2}}}}},
		"ts_diagram": {Kind: TSDiagram, Title: "T–S, float 2902269",
			Series: []Series{{Name: "cycle 10", Points: []Point{{36.41, 28.91}, {36.45, 26.02}, {35.9, 18.4}, {35.2, 12.95}, {34.9, 8.1}, {34.75, 2.95}}}}},
		"trajectory": {Kind: Trajectory, Title: "Float trajectories",
			Series: []Series{
				{Name: "2902269", Points: []Point{{65.2, 12.1}, {65.9, 12.6}, {66.4, 13.4}, {67.1, 13.2}}},
				{Name: "2901623", Points: []Point{{88.1, 15.0}, {87.6, 15.8}, {87.2, 16.9}}},
			}},
	}
}
