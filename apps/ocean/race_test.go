//go:build race

package ocean

// raceEnabled: tests that run many plans run fewer under the race
// detector, which slows DuckDB-free Go code ten times.
const raceEnabled = true
