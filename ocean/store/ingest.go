package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"database/sql/driver"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/duckdb/duckdb-go/v2"

	"github.com/cairn-agents/cairn/netcdf"
	"github.com/cairn-agents/cairn/ocean/argo"
)

// Status is what happened to one input file.
type Status string

// Ingest outcomes.
const (
	Ingested    Status = "ingested"    // stored (or merged: nothing newer was already stored)
	Unchanged   Status = "unchanged"   // same content already ingested; nothing done
	Failed      Status = "failed"      // unreadable or invalid; nothing from it stored
	Unsupported Status = "unsupported" // a format this store does not read
	Skipped     Status = "skipped"     // not a kind of file the store ingests
)

// FileResult reports one input file.
type FileResult struct {
	Path     string `json:"path"`
	Kind     string `json:"kind"`
	Status   Status `json:"status"`
	Profiles int    `json:"profiles,omitempty"`
	Levels   int    `json:"levels,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// Report is the outcome of one Ingest call, one entry per file seen.
type Report struct {
	Files []FileResult `json:"files"`
}

// Count returns how many files ended with status st.
func (r Report) Count(st Status) int {
	n := 0
	for _, f := range r.Files {
		if f.Status == st {
			n++
		}
	}
	return n
}

// File kinds, in ingest order.
const (
	kindMetaIndex = "meta_index"
	kindMeta      = "meta"
	kindProf      = "prof"
	kindSingle    = "single_profile"
	kindBGC       = "bgc_profile"   // B- and M-files: not ingested
	kindSprof     = "sprof_profile" // synthetic BGC profiles, merged into the core ones
	kindProfIndex = "prof_index"
)

var kindOrder = map[string]int{kindMetaIndex: 0, kindMeta: 1, kindProf: 2, kindSprof: 3, kindSingle: 4, kindProfIndex: 5}

var (
	reSingle = regexp.MustCompile(`^[RD][0-9]+_[0-9]+D?\.nc$`)
	reSprof  = regexp.MustCompile(`^S[RD][0-9]+_[0-9]+D?\.nc$|^[0-9]+_Sprof\.nc$`)
	reBGC    = regexp.MustCompile(`^(B|M)[RD][0-9]+_[0-9]+D?\.nc$|_Mprof\.nc$|_Bprof\.nc$`)
)

func classify(path string) (kind, reason string) {
	base := filepath.Base(path)
	switch {
	case base == "ar_index_global_prof.txt":
		return kindProfIndex, ""
	case base == "ar_index_global_meta.txt":
		return kindMetaIndex, ""
	case strings.HasSuffix(base, "_meta.nc"):
		return kindMeta, ""
	case reSprof.MatchString(base):
		return kindSprof, ""
	case reBGC.MatchString(base):
		return kindBGC, ""
	case strings.HasSuffix(base, "_prof.nc"):
		return kindProf, ""
	case reSingle.MatchString(base):
		return kindSingle, ""
	case strings.HasSuffix(base, "traj.nc"):
		return "trajectory", "trajectory files are not ingested"
	case strings.HasSuffix(base, "_tech.nc"):
		return "technical", "technical files are not ingested"
	}
	return "other", "not an Argo file this store ingests"
}

type input struct {
	path, kind, sha string
}

// Ingest reads the Argo GDAC files and directories in paths and stores
// them. Each file is atomic: a bad file is reported by name (and variable)
// and stores nothing, the others go in, and nothing stored before is lost.
// Re-ingesting a file with the same content does nothing. The error is
// non-nil only when the store itself fails.
func (s *Store) Ingest(ctx context.Context, paths ...string) (Report, error) {
	if s.opts.ReadOnly {
		return Report{}, errors.New("store is open read-only")
	}
	s.ingestMu.Lock()
	defer s.ingestMu.Unlock()

	var rep Report
	var inputs []input
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				rep.Files = append(rep.Files, FileResult{Path: path, Status: Failed, Reason: err.Error()})
				return nil
			}
			if d.IsDir() {
				return nil
			}
			kind, reason := classify(path)
			switch {
			case reason != "":
				rep.Files = append(rep.Files, FileResult{Path: path, Kind: kind, Status: Skipped, Reason: reason})
				return nil
			case kind == kindBGC:
				// B- and M-files hold BGC parameters on their own levels,
				// without the synthetic file's merged pressure axis; the
				// Sprof file has the same data ready to merge.
				rep.Files = append(rep.Files, FileResult{Path: path, Kind: kind, Status: Unsupported,
					Reason: "B- and M-files are not ingested; ingest the float's synthetic _Sprof.nc (or S-prefixed) file for its BGC parameters"})
				return nil
			}
			inputs = append(inputs, input{path: path, kind: kind})
			return nil
		})
		if err != nil {
			return rep, err
		}
	}
	slices.SortStableFunc(inputs, func(a, b input) int {
		if d := kindOrder[a.kind] - kindOrder[b.kind]; d != 0 {
			return d
		}
		return strings.Compare(a.path, b.path)
	})

	conn, err := s.db.Conn(ctx)
	if err != nil {
		return rep, fmt.Errorf("store connection: %w", err)
	}
	defer conn.Close()

	// Drop files already ingested with the same content.
	var todo []input
	for _, in := range inputs {
		sum, err := fileSHA(in.path)
		if err != nil {
			rep.Files = append(rep.Files, FileResult{Path: in.path, Kind: in.kind, Status: Failed, Reason: err.Error()})
			continue
		}
		in.sha = sum
		var n int
		if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM argo_ingested_files WHERE path = ? AND sha256 = ?`, absPath(in.path), sum).Scan(&n); err != nil {
			return rep, fmt.Errorf("ingest bookkeeping: %w", err)
		}
		if n > 0 {
			rep.Files = append(rep.Files, FileResult{Path: in.path, Kind: in.kind, Status: Unchanged})
			continue
		}
		todo = append(todo, in)
	}

	floats := map[string][]parsed{} // profile files by WMO
	var order []string
	for _, in := range todo {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		switch in.kind {
		case kindMetaIndex:
			res, err := s.ingestMetaIndex(ctx, conn, in)
			if err != nil {
				return rep, err
			}
			rep.Files = append(rep.Files, res)
		case kindMeta:
			res, err := s.ingestMeta(ctx, conn, in)
			if err != nil {
				return rep, err
			}
			rep.Files = append(rep.Files, res)
		case kindProf, kindSingle, kindSprof:
			p, res := parseProfiles(in)
			if res.Status != "" {
				rep.Files = append(rep.Files, res)
				continue
			}
			if _, ok := floats[p.wmo]; !ok {
				order = append(order, p.wmo)
			}
			floats[p.wmo] = append(floats[p.wmo], p)
		case kindProfIndex:
			// after all profile files, so real stations win over index rows
			for _, wmo := range order {
				res, err := s.mergeFloat(ctx, conn, wmo, floats[wmo])
				if err != nil {
					return rep, err
				}
				rep.Files = append(rep.Files, res...)
			}
			order = nil
			res, _, err := s.ingestProfIndex(ctx, conn, in)
			if err != nil {
				return rep, err
			}
			rep.Files = append(rep.Files, res)
		}
	}
	for _, wmo := range order {
		res, err := s.mergeFloat(ctx, conn, wmo, floats[wmo])
		if err != nil {
			return rep, err
		}
		rep.Files = append(rep.Files, res...)
	}
	return rep, nil
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

func fileSHA(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("read %s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func recordFile(ctx context.Context, tx *sql.Tx, in input, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM argo_ingested_files WHERE path = ?`, absPath(in.path)); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO argo_ingested_files VALUES (?, ?, ?, ?)`, absPath(in.path), in.sha, in.kind, now)
	return err
}

func failed(in input, err error) FileResult {
	return FileResult{Path: in.path, Kind: in.kind, Status: Failed, Reason: err.Error()}
}

// dacFromPath returns <dac> from .../<dac>/<wmo>/<file> or .../<dac>/<wmo>/profiles/<file>.
func dacFromPath(path, wmo string) string {
	dir := filepath.Dir(path)
	if filepath.Base(dir) == "profiles" {
		dir = filepath.Dir(dir)
	}
	if filepath.Base(dir) != wmo {
		return ""
	}
	return filepath.Base(filepath.Dir(dir))
}

func (s *Store) ingestMetaIndex(ctx context.Context, conn *sql.Conn, in input) (FileResult, error) {
	fh, err := os.Open(in.path)
	if err != nil {
		return failed(in, err), nil
	}
	defer fh.Close()
	entries, err := argo.ReadMetaIndex(fh)
	if err != nil {
		return failed(in, err), nil
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return FileResult{}, err
	}
	defer tx.Rollback()
	for _, e := range entries {
		res, err := tx.ExecContext(ctx, `UPDATE argo_float_metadata SET profiler_type = ?, dac = coalesce(dac, ?) WHERE wmo = ?`, e.ProfilerType, e.DAC, e.WMO)
		if err != nil {
			return FileResult{}, fmt.Errorf("meta index: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			if _, err := tx.ExecContext(ctx, `INSERT INTO argo_float_metadata (wmo, dac, profiler_type, source_file) VALUES (?, ?, ?, ?)`,
				e.WMO, e.DAC, e.ProfilerType, in.path); err != nil {
				return FileResult{}, fmt.Errorf("meta index: %w", err)
			}
		}
	}
	if err := recordFile(ctx, tx, in, s.opts.Now()); err != nil {
		return FileResult{}, err
	}
	if err := tx.Commit(); err != nil {
		return FileResult{}, err
	}
	return FileResult{Path: in.path, Kind: in.kind, Status: Ingested}, nil
}

func (s *Store) ingestMeta(ctx context.Context, conn *sql.Conn, in input) (FileResult, error) {
	f, err := netcdf.Open(in.path)
	if errors.Is(err, netcdf.ErrHDF5) {
		return FileResult{Path: in.path, Kind: in.kind, Status: Unsupported, Reason: err.Error()}, nil
	}
	if err != nil {
		return failed(in, err), nil
	}
	defer f.Close()
	m, err := argo.ReadMeta(f)
	if err != nil {
		return failed(in, fmt.Errorf("%s: %w", in.path, err)), nil
	}
	dac := dacFromPath(in.path, m.WMO)
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return FileResult{}, err
	}
	defer tx.Rollback()
	var prevProfiler, prevDAC sql.NullString
	err = tx.QueryRowContext(ctx, `SELECT profiler_type, dac FROM argo_float_metadata WHERE wmo = ?`, m.WMO).Scan(&prevProfiler, &prevDAC)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return FileResult{}, err
	}
	if dac == "" {
		dac = prevDAC.String
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM argo_float_metadata WHERE wmo = ?`, m.WMO); err != nil {
		return FileResult{}, err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO argo_float_metadata VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		m.WMO, nullStr(dac), nullStr(m.PlatformType), nullStr(m.PlatformMaker), nullStr(m.WMOInstType), nullStr(prevProfiler.String),
		nullStr(m.ProjectName), nullStr(m.PIName), nullStr(m.DataCentre), nullStr(m.FloatOwner), nullStr(m.OperatingInstitution),
		nullTime(m.LaunchDate, m.HasLaunchDate), nullF(m.LaunchLat, m.HasLaunchPosition), nullF(m.LaunchLon, m.HasLaunchPosition),
		nullTime(m.EndMissionDate, m.HasEndMission), nullStr(m.EndMissionStatus),
		nullStr(strings.Join(m.Sensors, ",")), nullStr(strings.Join(m.Parameters, ",")), in.path)
	if err != nil {
		return FileResult{}, fmt.Errorf("metadata %s: %w", m.WMO, err)
	}
	if err := recordFile(ctx, tx, in, s.opts.Now()); err != nil {
		return FileResult{}, err
	}
	if err := tx.Commit(); err != nil {
		return FileResult{}, err
	}
	return FileResult{Path: in.path, Kind: in.kind, Status: Ingested}, nil
}

func nullStr(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nullTime(t time.Time, ok bool) any {
	if !ok {
		return nil
	}
	return t.UTC()
}

func nullF(f float64, ok bool) any {
	if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	return f
}

func nullF32(f float64) any {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	return float32(f)
}

func qc(b byte) any {
	if b == 0 {
		return nil
	}
	return string(rune(b))
}

// parsed is a profile file read into memory.
type parsed struct {
	in       input
	wmo      string
	profiles []argo.Profile
}

// parseProfiles reads a profile file; a non-empty res.Status means it was
// not usable.
func parseProfiles(in input) (parsed, FileResult) {
	f, err := netcdf.Open(in.path)
	if errors.Is(err, netcdf.ErrHDF5) {
		return parsed{}, FileResult{Path: in.path, Kind: in.kind, Status: Unsupported, Reason: err.Error()}
	}
	if err != nil {
		return parsed{}, failed(in, err)
	}
	defer f.Close()
	profs, err := argo.ReadProfiles(f)
	if err != nil {
		return parsed{}, failed(in, fmt.Errorf("%s: %w", in.path, err))
	}
	if len(profs) == 0 {
		return parsed{}, failed(in, fmt.Errorf("%s: no profiles", in.path))
	}
	wmo := profs[0].WMO
	for _, p := range profs {
		if p.WMO != wmo {
			return parsed{}, failed(in, fmt.Errorf("%s: variable PLATFORM_NUMBER: profiles of two floats (%s, %s) in one file", in.path, wmo, p.WMO))
		}
	}
	return parsed{in: in, wmo: wmo, profiles: profs}, FileResult{}
}

// rank orders sources of the same profile: index rows lose to any file,
// and better data modes win (D > A > R). Equal ranks: the later file wins.
func rank(dataMode byte) int {
	switch dataMode {
	case 'D':
		return 4
	case 'A':
		return 3
	}
	return 2
}

type profKey struct {
	cycle int
	dir   byte
}

// mergeFloat stores the profiles of one float's files: stations in DuckDB
// and measurements by rewriting the float's Parquet partitions, swapped in
// with directory renames and committed with the DuckDB transaction.
//
// Synthetic BGC (Sprof) profiles are merged into the core ones as
// composeSQL describes; a Sprof profile gives a station only where no core
// profile file has given one (source_rank 1: above index rows, below core
// files).
func (s *Store) mergeFloat(ctx context.Context, conn *sql.Conn, wmo string, files []parsed) ([]FileResult, error) {
	existing := map[profKey]int{}
	rows, err := conn.QueryContext(ctx, `SELECT cycle, direction, source_rank FROM argo_profile_stations WHERE wmo = ?`, wmo)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var c, r int
		var d string
		if err := rows.Scan(&c, &d, &r); err != nil {
			rows.Close()
			return nil, err
		}
		existing[profKey{c, d[0]}] = r
	}
	rows.Close()

	type win struct {
		p    *argo.Profile
		src  string
		rank int
	}
	winners := map[profKey]win{} // core profiles, and Sprof ones that give a station
	sprof := map[profKey]win{}   // Sprof profiles: their BGC levels
	results := make([]FileResult, len(files))
	for _, sp := range []bool{false, true} {
		for i, f := range files {
			if (f.in.kind == kindSprof) != sp {
				continue
			}
			results[i] = FileResult{Path: f.in.path, Kind: f.in.kind, Status: Ingested, Profiles: len(f.profiles)}
			for j := range f.profiles {
				p := &f.profiles[j]
				k := profKey{p.Cycle, p.Direction}
				results[i].Levels += len(p.Levels)
				if !sp {
					if r := rank(p.DataMode); r >= existing[k] {
						existing[k] = r
						winners[k] = win{p, f.in.path, r}
					}
					continue
				}
				if old, ok := sprof[k]; !ok || rank(p.DataMode) >= rank(old.p.DataMode) {
					sprof[k] = win{p, f.in.path, sprofRank}
				}
				if existing[k] <= sprofRank {
					existing[k] = sprofRank
					winners[k] = win{p, f.in.path, sprofRank}
				}
			}
		}
	}
	now := s.opts.Now()
	sortedKeys := func(m map[profKey]win) []profKey {
		keys := make([]profKey, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b profKey) int {
			if a.cycle != b.cycle {
				return a.cycle - b.cycle
			}
			return int(a.dir) - int(b.dir)
		})
		return keys
	}
	keys, skeys := sortedKeys(winners), sortedKeys(sprof)

	var staging string
	if len(keys) > 0 || len(skeys) > 0 {
		if _, err := conn.ExecContext(ctx, stagingTable("_incoming")+stagingTable("_sbgc")+
			`CREATE TEMP TABLE IF NOT EXISTS _winners (cycle INTEGER, direction VARCHAR, data_mode VARCHAR, time TIMESTAMP, lat DOUBLE, lon DOUBLE, position_qc VARCHAR, ocean VARCHAR, n_levels INTEGER, source_file VARCHAR, source_rank INTEGER); DELETE FROM _winners;
			CREATE TEMP TABLE IF NOT EXISTS _skeys (cycle INTEGER, direction VARCHAR); DELETE FROM _skeys;`); err != nil {
			return nil, fmt.Errorf("staging tables: %w", err)
		}
		err := conn.Raw(func(dc any) error {
			apps := map[string]*duckdb.Appender{}
			defer func() {
				for _, a := range apps {
					a.Close()
				}
			}()
			for _, t := range []string{"_incoming", "_sbgc", "_winners", "_skeys"} {
				a, err := duckdb.NewAppender(dc.(driver.Conn), "temp", "main", t)
				if err != nil {
					return err
				}
				apps[t] = a
			}
			for _, k := range keys {
				w := winners[k]
				p := w.p
				if err := apps["_winners"].AppendRow(int32(p.Cycle), string(p.Direction), string(p.DataMode), nullTime(p.Time, p.HasTime),
					nullF(p.Lat, p.HasPosition), nullF(p.Lon, p.HasPosition), qc(p.PositionQC), nil, int32(len(p.Levels)),
					w.src, int32(w.rank)); err != nil {
					return err
				}
				if w.rank == sprofRank {
					continue // its levels go in through _sbgc
				}
				if err := appendLevels(apps["_incoming"], wmo, p, false, false); err != nil {
					return err
				}
			}
			for _, k := range skeys {
				if err := apps["_skeys"].AppendRow(int32(k.cycle), string(k.dir)); err != nil {
					return err
				}
				// where core levels exist, Sprof levels without BGC values add nothing
				if err := appendLevels(apps["_sbgc"], wmo, sprof[k].p, true, existing[k] > sprofRank); err != nil {
					return err
				}
			}
			var errs []error
			for t, a := range apps {
				errs = append(errs, a.Close())
				delete(apps, t)
			}
			return errors.Join(errs...)
		})
		if err != nil {
			return nil, fmt.Errorf("float %s: staging rows: %w", wmo, err)
		}

		live := filepath.Join(s.profiles, "wmo="+wmo)
		staging = filepath.Join(s.profiles, fmt.Sprintf(".staging-wmo=%s-%d", wmo, now.UnixNano()))
		oldGlob := filepath.Join(live, "year=*", "*.parquet")
		old := `SELECT year, ` + measureCols + ` FROM _incoming WHERE false`
		if files, _ := filepath.Glob(oldGlob); len(files) > 0 {
			sel, err := parquetSelect(ctx, conn, oldGlob)
			if err != nil {
				return nil, fmt.Errorf("float %s: %w", wmo, err)
			}
			old = `SELECT year, ` + sel + ` FROM read_parquet(` + quote(oldGlob) +
				`, hive_partitioning = true, hive_types = {'year': INTEGER}, union_by_name = true)`
		}
		q := `COPY (` + composeSQL(old) + ` ORDER BY time, cycle, direction, level) TO ` + quote(staging) +
			` (FORMAT parquet, PARTITION_BY (year), COMPRESSION zstd)`
		if _, err := conn.ExecContext(ctx, q); err != nil {
			os.RemoveAll(staging)
			return nil, fmt.Errorf("float %s: writing Parquet: %w", wmo, err)
		}
	}

	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		os.RemoveAll(staging)
		return nil, err
	}
	defer tx.Rollback()
	for _, q := range []string{
		`UPDATE _winners w SET ocean = s.ocean FROM argo_profile_stations s
			WHERE s.wmo = $1 AND s.cycle = w.cycle AND s.direction = w.direction`,
		`DELETE FROM argo_profile_stations s USING _winners w
			WHERE s.wmo = $1 AND s.cycle = w.cycle AND s.direction = w.direction`,
		`INSERT INTO argo_profile_stations
			SELECT $1, cycle, direction, data_mode, time, lat, lon, position_qc, ocean, n_levels, source_file, source_rank FROM _winners`,
	} {
		if len(keys) == 0 {
			break
		}
		if _, err := tx.ExecContext(ctx, q, wmo); err != nil {
			return nil, fmt.Errorf("float %s stations: %w", wmo, err)
		}
	}
	for _, f := range files {
		if err := recordFile(ctx, tx, f.in, now); err != nil {
			return nil, err
		}
	}
	if err := s.refreshStatus(ctx, tx, wmo); err != nil {
		return nil, err
	}
	if staging == "" {
		return results, tx.Commit()
	}
	// Roll forward: the transaction records the pending swap, so a crash
	// after the commit is finished by the next Open (see recoverSwaps).
	if _, err := tx.ExecContext(ctx, `INSERT INTO argo_pending_swaps VALUES (?, ?)`, wmo, staging); err != nil {
		os.RemoveAll(staging)
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		os.RemoveAll(staging)
		return nil, fmt.Errorf("float %s: commit: %w", wmo, err)
	}
	if err := swapIn(s.profiles, wmo, staging); err != nil {
		return nil, fmt.Errorf("float %s: committed, but swapping in its Parquet failed (the next open finishes it): %w", wmo, err)
	}
	if _, err := conn.ExecContext(ctx, `DELETE FROM argo_pending_swaps WHERE wmo = ? AND staging = ?`, wmo, staging); err != nil {
		return nil, err
	}
	if err := s.refreshView(ctx, conn); err != nil {
		return nil, err
	}
	return results, nil
}

// sprofRank is the station rank of a profile known only from a Sprof file.
const sprofRank = 1

// appendLevels appends one profile's levels as measurement rows, in
// stagingTable's column order. Rows of a Sprof profile carry its data mode
// as bgc_data_mode and level_source 'sprof'; with bgcOnly, levels without
// BGC values are left out.
func appendLevels(app *duckdb.Appender, wmo string, p *argo.Profile, sprof, bgcOnly bool) error {
	year := int32(0)
	var tm any
	if p.HasTime {
		year = int32(p.Time.Year())
		tm = p.Time.UTC()
	}
	src, bgcMode := "core", any(nil)
	if sprof {
		src, bgcMode = "sprof", string(p.DataMode)
	}
	for l, lv := range p.Levels {
		vals := []driver.Value{wmo, year, int32(p.Cycle), string(p.Direction), string(p.DataMode), tm,
			nullF(p.Lat, p.HasPosition), nullF(p.Lon, p.HasPosition), int32(l),
			nullF32(lv.Pres), nullF32(lv.Temp), nullF32(lv.Psal), nullF32(lv.PresAdj), nullF32(lv.TempAdj), nullF32(lv.PsalAdj),
			qc(lv.PresQC), qc(lv.TempQC), qc(lv.PsalQC), qc(lv.PresAdjQC), qc(lv.TempAdjQC), qc(lv.PsalAdjQC)}
		has := false
		for b := range argo.BGCParams {
			vals = append(vals, nullF32(lv.BGC[b]), qc(lv.BGCQC[b]))
			has = has || !math.IsNaN(lv.BGC[b]) || !math.IsNaN(lv.BGCAdj[b])
		}
		for b := range argo.BGCParams {
			vals = append(vals, nullF32(lv.BGCAdj[b]), qc(lv.BGCAdjQC[b]))
		}
		if bgcOnly && !has {
			continue
		}
		mode := bgcMode
		if !has {
			mode = nil
		}
		vals = append(vals, mode, src)
		if err := app.AppendRow(vals...); err != nil {
			return err
		}
	}
	return nil
}

// swapIn replaces a float's live partition directory with staging: the
// live one is moved aside, staging moved in, the old one removed. Each
// step is a rename, so it can be repeated after a crash at any point.
func swapIn(profiles, wmo, staging string) error {
	live := filepath.Join(profiles, "wmo="+wmo)
	aside := filepath.Join(profiles, ".old-wmo="+wmo)
	if _, err := os.Stat(staging); err != nil {
		return nil // already swapped in
	}
	if _, err := os.Stat(live); err == nil {
		os.RemoveAll(aside)
		if err := os.Rename(live, aside); err != nil {
			return err
		}
	}
	if err := os.Rename(staging, live); err != nil {
		return err
	}
	return os.RemoveAll(aside)
}

// refreshStatus recomputes one float's status row from its stations.
func (s *Store) refreshStatus(ctx context.Context, tx *sql.Tx, wmo string) error {
	now := s.opts.Now().UTC()
	if _, err := tx.ExecContext(ctx, `DELETE FROM argo_float_status WHERE wmo = ?`, wmo); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO argo_float_status
		SELECT wmo, min(time), max(time),
			arg_max(lat, time) FILTER (WHERE lat IS NOT NULL AND time IS NOT NULL),
			arg_max(lon, time) FILTER (WHERE lat IS NOT NULL AND time IS NOT NULL),
			max(cycle), count(DISTINCT cycle), count(*),
			string_agg(DISTINCT data_mode, '' ORDER BY data_mode),
			date_diff('second', max(time), ?::TIMESTAMP) / 86400.0,
			coalesce(date_diff('second', max(time), ?::TIMESTAMP) <= ?, false),
			?::TIMESTAMP
		FROM argo_profile_stations WHERE wmo = ? GROUP BY wmo`,
		now, now, int64(s.opts.ActiveWithin/time.Second), now, wmo)
	if err != nil {
		return fmt.Errorf("status of %s: %w", wmo, err)
	}
	return nil
}

// ingestProfIndex adds a station for every indexed profile not already
// known from a profile file, and refreshes the status of those floats.
func (s *Store) ingestProfIndex(ctx context.Context, conn *sql.Conn, in input) (FileResult, []string, error) {
	fh, err := os.Open(in.path)
	if err != nil {
		return failed(in, err), nil, nil
	}
	defer fh.Close()
	entries, err := argo.ReadProfileIndex(fh)
	if err != nil {
		return failed(in, err), nil, nil
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return FileResult{}, nil, err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TEMP TABLE IF NOT EXISTS _index (wmo VARCHAR, cycle INTEGER, direction VARCHAR, data_mode VARCHAR,
		time TIMESTAMP, lat DOUBLE, lon DOUBLE, ocean VARCHAR, file VARCHAR); DELETE FROM _index;`); err != nil {
		return FileResult{}, nil, err
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO _index VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return FileResult{}, nil, err
	}
	wmos := map[string]bool{}
	for _, e := range entries {
		if _, err := stmt.ExecContext(ctx, e.WMO, e.Cycle, string(e.Direction), string(e.DataMode), nullTime(e.Time, e.HasTime),
			nullF(e.Lat, e.HasPosition), nullF(e.Lon, e.HasPosition), nullStr(e.Ocean), e.File); err != nil {
			stmt.Close()
			return FileResult{}, nil, err
		}
		wmos[e.WMO] = true
	}
	stmt.Close()
	// index rows (rank 0) replace only other index rows; ocean is copied onto file-derived rows
	if _, err := tx.ExecContext(ctx, `
		DELETE FROM argo_profile_stations s USING _index i
			WHERE s.wmo = i.wmo AND s.cycle = i.cycle AND s.direction = i.direction AND s.source_rank = 0;
		UPDATE argo_profile_stations s SET ocean = i.ocean FROM _index i
			WHERE s.wmo = i.wmo AND s.cycle = i.cycle AND s.direction = i.direction;
		INSERT INTO argo_profile_stations
			SELECT i.wmo, i.cycle, i.direction, i.data_mode, i.time, i.lat, i.lon, NULL, i.ocean, NULL, i.file, 0
			FROM (SELECT DISTINCT ON (wmo, cycle, direction) * FROM _index ORDER BY wmo, cycle, direction, data_mode) i
			WHERE NOT EXISTS (SELECT 1 FROM argo_profile_stations s WHERE s.wmo = i.wmo AND s.cycle = i.cycle AND s.direction = i.direction);
		`); err != nil {
		return FileResult{}, nil, fmt.Errorf("profile index: %w", err)
	}
	out := make([]string, 0, len(wmos))
	for w := range wmos {
		out = append(out, w)
	}
	slices.Sort(out)
	for _, w := range out {
		if err := s.refreshStatus(ctx, tx, w); err != nil {
			return FileResult{}, nil, err
		}
	}
	if err := recordFile(ctx, tx, in, s.opts.Now()); err != nil {
		return FileResult{}, nil, err
	}
	if err := tx.Commit(); err != nil {
		return FileResult{}, nil, err
	}
	return FileResult{Path: in.path, Kind: in.kind, Status: Ingested, Profiles: len(entries)}, out, nil
}
