package oceantest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// PostgreSQL binaries and the PostGIS extension, as Debian installs them.
const (
	pgBin          = "/usr/lib/postgresql/15/bin"
	postgisControl = "/usr/share/postgresql/15/extension/postgis.control"
)

var (
	pgOnce sync.Once
	pgDSN  string
	pgErr  error
	pgStop func()
)

// PostGIS returns the DSN of a PostgreSQL server with PostGIS available:
// $CAIRN_TEST_PG_DSN when set, else a throwaway cluster started once per
// test binary on loopback under a temporary directory (as the postgres
// user when running as root). It skips t when that is impossible, or fails
// it when CAIRN_REQUIRE_POSTGIS=1. Call StopPostGIS from TestMain.
func PostGIS(t testing.TB) string {
	t.Helper()
	if dsn := os.Getenv("CAIRN_TEST_PG_DSN"); dsn != "" {
		return dsn
	}
	pgOnce.Do(func() { pgDSN, pgStop, pgErr = startCluster() })
	if pgErr != nil {
		if os.Getenv("CAIRN_REQUIRE_POSTGIS") == "1" {
			t.Fatalf("PostGIS required (CAIRN_REQUIRE_POSTGIS=1): %v", pgErr)
		}
		t.Skip("PostGIS unavailable: ", pgErr)
	}
	return pgDSN
}

// StopPostGIS stops the cluster PostGIS started, if any.
func StopPostGIS() {
	if pgStop != nil {
		pgStop()
	}
}

func startCluster() (string, func(), error) {
	for _, p := range []string{filepath.Join(pgBin, "initdb"), filepath.Join(pgBin, "pg_ctl"), postgisControl} {
		if _, err := os.Stat(p); err != nil {
			return "", nil, fmt.Errorf("%s missing (install Debian postgresql-15 and postgresql-15-postgis-3)", p)
		}
	}
	dir, err := os.MkdirTemp("", "cairn-pg-")
	if err != nil {
		return "", nil, err
	}
	run := func(args ...string) ([]byte, error) {
		return exec.Command(args[0], args[1:]...).CombinedOutput()
	}
	if os.Geteuid() == 0 {
		// postgres refuses to run as root: run it as the postgres user
		u, err := user.Lookup("postgres")
		if err != nil {
			os.RemoveAll(dir)
			return "", nil, fmt.Errorf("running as root and no postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			os.RemoveAll(dir)
			return "", nil, err
		}
		run = func(args ...string) ([]byte, error) {
			return exec.Command("runuser", append([]string{"-u", "postgres", "--"}, args...)...).CombinedOutput()
		}
	}
	data := filepath.Join(dir, "data")
	if out, err := run(filepath.Join(pgBin, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"); err != nil {
		os.RemoveAll(dir)
		return "", nil, fmt.Errorf("initdb: %v: %s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.RemoveAll(dir)
		return "", nil, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off", port, dir)
	if out, err := run(filepath.Join(pgBin, "pg_ctl"), "-D", data, "-o", opts, "-l", filepath.Join(dir, "log"), "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(dir, "log"))
		os.RemoveAll(dir)
		return "", nil, fmt.Errorf("pg_ctl start: %v: %s %s", err, out, strings.TrimSpace(string(log)))
	}
	stop := func() {
		run(filepath.Join(pgBin, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop")
		os.RemoveAll(dir)
	}
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port), stop, nil
}
