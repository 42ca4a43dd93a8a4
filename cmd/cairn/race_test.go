//go:build race

package main

// raceEnabled: the race detector's shadow memory is part of the resident
// set and is not given back, so resident-set checks do not hold under it.
const raceEnabled = true
