//go:build !race

package ocean

const raceEnabled = false
