//go:build !unix

package maze

import "time"

// cpuTime is unknown here: benchmarks report wall time only.
func cpuTime() time.Duration { return 0 }
