package maze

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Memory a run plans for. The per-cell figure is measured: a 2048×2048
// maze peaks at about 61 bytes a cell in one worker (the grid, the A*
// arrays of the environment and the planner, visit counts, and the
// garbage collector's headroom).
const (
	bytesPerCell   = 64
	bytesPerRecord = 512 // an EpisodeRecord kept for the summary
	// rowsFactor: a step kept as a record for Parquet takes about what
	// its JSON line does, so keeping both doubles the trajectories.
	rowsFactor = 2
	baseBytes  = 64 << 20
)

// planMemory is what a run of c with par workers may hold at once: each
// worker's largest maze, the trajectories (each worker's episode and, in
// the worst case, one budget's worth waiting to be written in order, so
// (par+1) budgets), and the records the summary keeps.
func (c *Config) planMemory(par int, jsonl, rows bool) (total, perWorker, traj int64) {
	side := int64(slices.Max(c.Sizes))
	perWorker = side * side * bytesPerCell
	if jsonl || rows {
		steps := side * side * int64(c.stepLimitFactor()) // more than any episode takes
		traj = min(int64(*c.TrajectoryBudget), steps*256)
		if rows {
			traj *= rowsFactor
		}
	}
	total = baseBytes + int64(par)*perWorker + int64(par+1)*traj + int64(c.TotalEpisodes())*bytesPerRecord
	return total, perWorker, traj
}

func (c *Config) stepLimitFactor() int {
	if c.StepLimitFactor > 0 {
		return c.StepLimitFactor
	}
	return DefaultStepLimitFactor
}

// checkMemory refuses a run that would need more memory than limit (see
// RunOptions.MemoryLimit), saying what takes it and what to change.
// jsonl and rows say whether steps are kept as JSON lines and as
// records for Parquet.
func (c *Config) checkMemory(par int, jsonl, rows bool, limit ByteSize) error {
	avail := int64(limit)
	if limit == 0 {
		avail = availableMemory()
	}
	if avail <= 0 {
		return nil
	}
	total, perWorker, traj := c.planMemory(par, jsonl, rows)
	if total <= avail {
		return nil
	}
	var parts []string
	parts = append(parts, fmt.Sprintf("%s per episode running for the %d×%d maze, its A* arrays and visit counts", ByteSize(perWorker), slices.Max(c.Sizes), slices.Max(c.Sizes)))
	if traj > 0 {
		parts = append(parts, fmt.Sprintf("up to %s of steps for each running episode and as much waiting to be written in order (trajectory_budget %s)", ByteSize(traj), c.TrajectoryBudget))
	}
	if n := c.TotalEpisodes(); int64(n)*bytesPerRecord > avail/4 {
		parts = append(parts, fmt.Sprintf("%s for the records of %d episodes", ByteSize(int64(n)*bytesPerRecord), n))
	}
	return fmt.Errorf("sizes: %d with %d episodes at once needs about %s (%s), but %s of memory is available; "+
		"use smaller sizes, fewer episodes at once (--parallel), a smaller trajectory_budget or trajectories: false",
		slices.Max(c.Sizes), par, ByteSize(total), strings.Join(parts, "; "), ByteSize(avail))
}

// availableMemory is the memory this process may still take: the least
// of the kernel's MemAvailable and the room left under the cgroup's
// limit. Zero when neither can be read (not Linux).
func availableMemory() int64 {
	avail := int64(0)
	if raw, err := os.ReadFile("/proc/meminfo"); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(raw))
		for sc.Scan() {
			if f := strings.Fields(sc.Text()); len(f) >= 2 && f[0] == "MemAvailable:" {
				if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil {
					avail = kb << 10
				}
			}
		}
	}
	if limit, used, ok := cgroupMemory(); ok {
		if room := limit - used; avail == 0 || room < avail {
			avail = max(room, 1)
		}
	}
	return avail
}

// cgroupMemory reads the memory limit and use of this process's cgroup,
// v2 (memory.max) or v1 (memory.limit_in_bytes); ok is false when there
// is no limit or it cannot be read.
func cgroupMemory() (limit, used int64, ok bool) {
	raw, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return 0, 0, false
	}
	for line := range strings.Lines(string(raw)) {
		f := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(f) != 3 {
			continue
		}
		var dir, limitFile, usedFile string
		switch {
		case f[0] == "0" && f[1] == "":
			dir, limitFile, usedFile = "/sys/fs/cgroup"+f[2], "memory.max", "memory.current"
		case slices.Contains(strings.Split(f[1], ","), "memory"):
			dir, limitFile, usedFile = "/sys/fs/cgroup/memory"+f[2], "memory.limit_in_bytes", "memory.usage_in_bytes"
		default:
			continue
		}
		limit, lok := readNumber(dir + "/" + limitFile)
		if !lok || limit >= 1<<60 { // v1 writes "no limit" as a huge number
			continue
		}
		used, _ := readNumber(dir + "/" + usedFile)
		return limit, used, true
	}
	return 0, 0, false
}

// readNumber reads a file holding one number; ok is false for "max".
func readNumber(path string) (int64, bool) {
	v, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(v)), 10, 64)
	return n, err == nil
}
