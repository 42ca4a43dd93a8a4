package oceantest

import (
	_ "embed"
	"strconv"
	"strings"
	"testing"
)

//go:embed testdata/hostile_sql.txt
var hostileSQL string

// HostileSQL returns the corpus of statements no ocean store may run:
// writes, DDL, file and catalog access, internal tables reached by
// scoping tricks, and statements that would keep a planner busy for
// minutes. Each is one Go-quoted line of testdata/hostile_sql.txt.
func HostileSQL(t testing.TB) []string {
	t.Helper()
	var out []string
	for i, line := range strings.Split(hostileSQL, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := strconv.Unquote(line)
		if err != nil {
			t.Fatalf("hostile_sql.txt line %d is not a Go-quoted string: %v", i+1, err)
		}
		out = append(out, s)
	}
	return out
}
