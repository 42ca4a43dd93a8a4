// Package oceantest holds what the ocean packages' tests need from outside
// the repository: the shared test data (../shared beside the repository
// root; GDAC, Docs, Shared), a skip when NetCDF-4 cannot be read
// (NeedNetCDF4), and a PostgreSQL + PostGIS server (PostGIS, StopPostGIS).
package oceantest

import (
	"os"
	"testing"

	"github.com/cairn-agents/cairn/internal/testkit"
	"github.com/cairn-agents/cairn/netcdf"
)

// Shared returns ../shared/<rel> beside the repository root, or skips t when
// it is absent.
func Shared(t testing.TB, rel string) string { return testkit.Shared(t, rel) }

// GDAC returns the shared mini Argo GDAC, or skips t.
func GDAC(t testing.TB) string { return Shared(t, "data/argo/gdac") }

// Docs returns the shared document corpus, or skips t.
func Docs(t testing.TB) string { return Shared(t, "data/docs") }

// NeedNetCDF4 skips t unless this build reads NetCDF-4/HDF5 files (the BGC
// Sprof file): that takes -tags netcdf4 and libnetcdf. With
// CAIRN_REQUIRE_NETCDF4=1 (CI) a build without it fails t instead.
func NeedNetCDF4(t testing.TB) {
	t.Helper()
	if netcdf.ReadsNetCDF4() {
		return
	}
	if os.Getenv("CAIRN_REQUIRE_NETCDF4") == "1" {
		t.Fatal("this test binary cannot read NetCDF-4 (build with -tags netcdf4 and libnetcdf-dev)")
	}
	t.Skip("NetCDF-4/HDF5 needs a build with -tags netcdf4 (Debian libnetcdf-dev)")
}
