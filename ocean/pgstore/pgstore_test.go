package pgstore

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/ocean/sqlguard"
	"github.com/cairn-agents/cairn/ocean/store"
)

func TestMain(m *testing.M) {
	code := m.Run()
	oceantest.StopPostGIS()
	os.Exit(code)
}

// setup ingests the shared GDAC into an embedded store and syncs it into
// a fresh PostGIS database.
func setup(t *testing.T) (*Store, *store.Store) {
	t.Helper()
	gdac := oceantest.GDAC(t)
	dsn := oceantest.PostGIS(t)
	ctx := context.Background()
	emb, err := store.Open(ctx, t.TempDir(), store.Options{Now: func() time.Time { return time.Date(2023, 4, 27, 0, 0, 0, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { emb.Close() })
	if _, err := emb.Ingest(ctx, gdac); err != nil {
		t.Fatal(err)
	}
	pg, err := Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pg.Close)
	if err := pg.Sync(ctx, emb); err != nil {
		t.Fatal(err)
	}
	return pg, emb
}

func count(t *testing.T, q interface {
	Query(context.Context, store.QueryOptions, string, ...any) (*store.Result, error)
}, stmt string) int64 {
	t.Helper()
	r, err := q.Query(context.Background(), store.QueryOptions{}, stmt)
	if err != nil {
		t.Fatalf("%s: %v", stmt, err)
	}
	return r.Rows[0][0].(int64)
}

func TestSyncAndSpatial(t *testing.T) {
	pg, emb := setup(t)
	ctx := context.Background()
	for _, table := range Tables {
		q := "SELECT count(*) FROM " + table
		if a, b := count(t, pg, q), count(t, emb, q); a != b || a == 0 {
			t.Errorf("%s: PostGIS %d rows, embedded %d", table, a, b)
		}
	}
	// a second sync replaces, it does not duplicate
	if err := pg.Sync(ctx, emb); err != nil {
		t.Fatal(err)
	}
	if a, b := count(t, pg, "SELECT count(*) FROM argo_profile_stations"), count(t, emb, "SELECT count(*) FROM argo_profile_stations"); a != b {
		t.Errorf("after re-sync: %d vs %d stations", a, b)
	}

	// Floats within 300 km of a South China Sea point: PostGIS against a
	// haversine computed here from the embedded store's stations.
	lat0, lon0 := 12.5, 115.5
	r, err := pg.Query(ctx, store.QueryOptions{}, `SELECT DISTINCT wmo FROM argo_profile_stations
		WHERE ST_DWithin(geog, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3) ORDER BY wmo`, lon0, lat0, 300000.0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range r.Rows {
		got = append(got, row[0].(string))
	}
	all, err := emb.Query(ctx, store.QueryOptions{MaxRows: 100000}, "SELECT wmo, lat, lon FROM argo_profile_stations WHERE lat IS NOT NULL")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, row := range all.Rows {
		if d := haversine(lat0, lon0, row[1].(float64), row[2].(float64)); d <= 299 && !slices.Contains(want, row[0].(string)) {
			want = append(want, row[0].(string))
		}
	}
	slices.Sort(want)
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("within 300 km: PostGIS %v, haversine %v", got, want)
	}
}

func haversine(lat1, lon1, lat2, lon2 float64) float64 {
	rad := math.Pi / 180
	a := math.Pow(math.Sin((lat2-lat1)*rad/2), 2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Pow(math.Sin((lon2-lon1)*rad/2), 2)
	return 2 * 6371.0088 * math.Asin(math.Sqrt(a))
}

func TestGuardAndReadOnly(t *testing.T) {
	pg, _ := setup(t)
	ctx := context.Background()
	for _, q := range []string{
		"DELETE FROM argo_float_status",
		"SELECT pg_read_file('/etc/passwd')",
		"SELECT * FROM pg_authid",
		"COPY argo_float_status TO '/tmp/x'",
		"SELECT 1 FROM argo_float_status; DROP TABLE argo_float_status",
		"SELECT * FROM argo_profiles", // not in PostgreSQL
	} {
		if _, err := pg.Query(ctx, store.QueryOptions{}, q); !errors.Is(err, sqlguard.ErrRejected) {
			t.Errorf("%s: %v", q, err)
		}
	}
	// past the guard, the transaction itself refuses writes
	if _, err := pg.readOnly(ctx, store.QueryOptions{}, "DELETE FROM argo_float_status"); err == nil {
		t.Errorf("write ran in the read-only transaction")
	}
	if n := count(t, pg, "SELECT count(*) FROM argo_float_status"); n != 15 {
		t.Errorf("status rows = %d after refused writes", n)
	}
	start := time.Now()
	_, err := pg.readOnly(ctx, store.QueryOptions{Timeout: 200 * time.Millisecond}, "SELECT pg_sleep(5)")
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 3*time.Second {
		t.Errorf("statement timeout: %v after %v", err, time.Since(start))
	}
	r, err := pg.Query(ctx, store.QueryOptions{MaxRows: 3}, "SELECT wmo FROM argo_profile_stations")
	if err != nil || len(r.Rows) != 3 || !r.Truncated {
		t.Errorf("row limit: %v %v", r, err)
	}
}

// TestHostileCorpusLeavesPostGISUnchanged: the whole hostile corpus is
// refused by the PostGIS store and its tables do not change.
func TestHostileCorpusLeavesPostGISUnchanged(t *testing.T) {
	pg, _ := setup(t)
	ctx := context.Background()
	digest := func() string {
		r, err := pg.readOnly(ctx, store.QueryOptions{}, `SELECT
			(SELECT md5(string_agg(m::text, ',' ORDER BY wmo)) FROM argo_float_metadata m),
			(SELECT md5(string_agg(s::text, ',' ORDER BY wmo)) FROM argo_float_status s),
			(SELECT md5(string_agg(p::text, ',' ORDER BY wmo, cycle, direction)) FROM argo_profile_stations p)`)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(r.Rows[0])
	}
	before := digest()
	for _, q := range oceantest.HostileSQL(t) {
		if _, err := pg.Query(ctx, store.QueryOptions{Timeout: 5 * time.Second}, q); !errors.Is(err, sqlguard.ErrRejected) {
			t.Errorf("%.80q: %v, want a rejection", q, err)
		}
	}
	if after := digest(); after != before {
		t.Errorf("PostGIS tables changed under the hostile corpus: %s -> %s", before, after)
	}
}

// TestCancelStopsServerWork: when a query's caller goes away, the server
// stops the statement at once (a cancel request), not at its
// statement_timeout.
func TestCancelStopsServerWork(t *testing.T) {
	dsn := oceantest.PostGIS(t)
	pg, err := Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	_, err = pg.readOnly(ctx, store.QueryOptions{Timeout: time.Minute}, "SELECT pg_sleep(60) /* cancel-probe */")
	if !errors.Is(err, context.Canceled) || time.Since(start) > 5*time.Second {
		t.Fatalf("returned after %v with %v, want context.Canceled soon after 300ms", time.Since(start), err)
	}
	active := func() int64 {
		var n int64
		err := pg.pool.QueryRow(context.Background(), `SELECT count(*) FROM pg_stat_activity
			WHERE state = 'active' AND query LIKE '%cancel-probe%' AND pid <> pg_backend_pid()`).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	deadline := time.Now().Add(5 * time.Second)
	for active() > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the server still runs the cancelled statement 5 s later")
		}
		time.Sleep(100 * time.Millisecond)
	}
}
