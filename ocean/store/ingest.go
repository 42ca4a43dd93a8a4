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

	"github.com/cairn-agents/cairn/internal/input"
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
	// Rejected counts the file's records (index lines, profiles) that
	// failed validation and were not stored; Problems says why, for the
	// first maxProblems of them, with their line or profile number.
	Rejected int      `json:"rejected,omitempty"`
	Problems []string `json:"problems,omitempty"`
}

// maxProblems bounds FileResult.Problems.
const maxProblems = 20

// reject records invalid records in r.
func (r *FileResult) reject(errs ...error) {
	for _, e := range errs {
		r.Rejected++
		if len(r.Problems) < maxProblems {
			r.Problems = append(r.Problems, e.Error())
		}
	}
}

// rejectAll records the records of bad in r (nothing when err is no
// argo.RecordErrors) and reports whether err was one.
func (r *FileResult) rejectAll(err error) bool {
	var bad argo.RecordErrors
	if !errors.As(err, &bad) {
		return false
	}
	for _, e := range bad {
		r.reject(e)
	}
	return true
}

// Report is the outcome of one Ingest call, one entry per file seen.
type Report struct {
	Files []FileResult `json:"files"`
}

// Rejected returns how many records of all files failed validation.
func (r Report) Rejected() int {
	n := 0
	for _, f := range r.Files {
		n += f.Rejected
	}
	return n
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

// source is one file Ingest reads.
type source struct {
	path, kind, sha string
	size            int64
	batch           int64 // the Ingest call that records it
}

// DefaultMaxFileBytes is the default of Options.MaxFileBytes.
const DefaultMaxFileBytes = 1 << 30

// checkFile refuses what ingest must not read: anything but a regular
// file (a device such as /dev/zero, a pipe, a socket: reads that never
// end) and files over the size limit.
func (s *Store) checkFile(path string) (int64, error) {
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	if !st.Mode().IsRegular() {
		return 0, fmt.Errorf("%s is not a regular file (%s)", path, st.Mode().Type())
	}
	if max := s.maxFileBytes(); st.Size() > max {
		return 0, fmt.Errorf("%w (store.Options.MaxFileBytes; cairn ocean ingest --max-file-mb)", &input.TooLargeError{Name: path, Limit: max})
	}
	return st.Size(), nil
}

func (s *Store) maxFileBytes() int64 {
	if s.opts.MaxFileBytes > 0 {
		return s.opts.MaxFileBytes
	}
	return DefaultMaxFileBytes
}

// open opens an input for reading, no further than the size limit even
// if the file grew since it was checked.
func (s *Store) open(in source) (io.ReadCloser, error) {
	f, err := os.Open(in.path)
	if err != nil {
		return nil, err
	}
	return struct {
		io.Reader
		io.Closer
	}{input.LimitReader(f, in.path, s.maxFileBytes()), f}, nil
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
	var inputs []source
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
			size, err := s.checkFile(path)
			if err != nil {
				rep.Files = append(rep.Files, FileResult{Path: path, Kind: kind, Status: Failed, Reason: err.Error()})
				return nil
			}
			inputs = append(inputs, source{path: path, kind: kind, size: size})
			return nil
		})
		if err != nil {
			return rep, err
		}
	}
	slices.SortStableFunc(inputs, func(a, b source) int {
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

	todo, unchanged, err := s.changed(ctx, conn, inputs, &rep)
	if err != nil {
		return rep, err
	}
	for _, in := range unchanged {
		rep.Files = append(rep.Files, FileResult{Path: in.path, Kind: in.kind, Status: Unchanged})
	}
	var batch int64
	if err := conn.QueryRowContext(ctx, `SELECT coalesce(max(batch), 0) + 1 FROM argo_ingested_files`).Scan(&batch); err != nil {
		return rep, fmt.Errorf("ingest bookkeeping: %w", err)
	}
	for i := range todo {
		todo[i].batch = batch
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
			p, res := s.parseProfiles(in)
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

func (s *Store) fileSHA(in source) (string, error) {
	f, err := s.open(in)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("read %s: %w", in.path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// changed splits inputs into those to ingest and those already ingested
// with the same content (unreadable ones go into rep as failed). A file
// is ingested again, though unchanged, when a file of the same name
// (another copy of the same GDAC file, say an index with bad rows) was
// ingested from another path after it: the later good copy repairs what
// the other one changed. Then every input of that name is ingested, in
// one batch, so that the next run finds them all unchanged. Index files
// recorded before batches were kept are ingested once more too, so their
// rows are validated.
func (s *Store) changed(ctx context.Context, conn *sql.Conn, inputs []source, rep *Report) (todo, unchanged []source, err error) {
	redo := map[string]bool{} // base names
	var ok []source
	for _, in := range inputs {
		sum, err := s.fileSHA(in)
		if err != nil {
			rep.Files = append(rep.Files, FileResult{Path: in.path, Kind: in.kind, Status: Failed, Reason: err.Error()})
			continue
		}
		in.sha = sum
		ok = append(ok, in)
		var same bool
		err = conn.QueryRowContext(ctx, `SELECT count(*) > 0 FROM argo_ingested_files f
			WHERE f.path = $1 AND f.sha256 = $2
				AND (f.batch IS NOT NULL OR f.kind NOT IN ($3, $4))
				AND NOT EXISTS (SELECT 1 FROM argo_ingested_files g
					WHERE g.name = $5 AND g.path <> f.path AND g.batch > coalesce(f.batch, 0))`,
			absPath(in.path), sum, kindProfIndex, kindMetaIndex, filepath.Base(in.path)).Scan(&same)
		if err != nil {
			return nil, nil, fmt.Errorf("ingest bookkeeping: %w", err)
		}
		if !same {
			redo[filepath.Base(in.path)] = true
		}
	}
	for _, in := range ok {
		if redo[filepath.Base(in.path)] {
			todo = append(todo, in)
		} else {
			unchanged = append(unchanged, in)
		}
	}
	return todo, unchanged, nil
}

func recordFile(ctx context.Context, tx *sql.Tx, in source, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM argo_ingested_files WHERE path = ?`, absPath(in.path)); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO argo_ingested_files (path, sha256, kind, ingested_at, name, batch) VALUES (?, ?, ?, ?, ?, ?)`,
		absPath(in.path), in.sha, in.kind, now, filepath.Base(in.path), in.batch)
	return err
}

func failed(in source, err error) FileResult {
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

// readIndex reads an index file with read. The result has its rejected
// rows; ok is false when the file failed (unreadable, not an index, or
// every row rejected).
func (s *Store) readIndex(in source, read func(io.Reader) (rows int, err error)) (res FileResult, ok bool) {
	res = FileResult{Path: in.path, Kind: in.kind, Status: Ingested}
	fh, err := s.open(in)
	if err != nil {
		return failed(in, err), false
	}
	defer fh.Close()
	rows, err := read(fh)
	if err != nil && !res.rejectAll(err) {
		return failed(in, fmt.Errorf("%s: %w", in.path, err)), false
	}
	if rows == 0 && res.Rejected > 0 {
		res.Status, res.Reason = Failed, fmt.Sprintf("%s: all %d rows are invalid, e.g. %s", in.path, res.Rejected, res.Problems[0])
		return res, false
	}
	return res, true
}

// latest is the latest time an ingested record may carry: now, with a
// day's grace for clocks and time zones.
func (s *Store) latest() time.Time { return s.opts.Now().Add(24 * time.Hour) }

// future reports a record dated after latest: its error, and true.
func (s *Store) future(where, what string, t time.Time) (argo.RecordError, bool) {
	if !t.After(s.latest()) {
		return argo.RecordError{}, false
	}
	return argo.RecordError{Where: where, Err: fmt.Errorf("%s %s is in the future (now is %s)",
		what, t.UTC().Format(time.DateTime), s.opts.Now().UTC().Format(time.DateTime))}, true
}

// recordErrors returns the argo.RecordErrors of err (nil, true when err
// is nil); false when err is another error.
func recordErrors(err error) (argo.RecordErrors, bool) {
	var bad argo.RecordErrors
	if err == nil || errors.As(err, &bad) {
		return bad, true
	}
	return nil, false
}

// orNil returns bad as an error, nil when empty.
func orNil(bad argo.RecordErrors) error {
	if len(bad) == 0 {
		return nil
	}
	return bad
}

func (s *Store) ingestMetaIndex(ctx context.Context, conn *sql.Conn, in source) (FileResult, error) {
	var entries []argo.MetaIndexEntry
	res, ok := s.readIndex(in, func(r io.Reader) (int, error) {
		es, err := argo.ReadMetaIndex(r)
		bad, ok := recordErrors(err)
		if !ok {
			return 0, err
		}
		for _, e := range es {
			if fe, ok := s.future(fmt.Sprintf("line %d", e.Line), "date_update", e.DateUpdate); ok {
				bad = append(bad, fe)
				continue
			}
			entries = append(entries, e)
		}
		return len(entries), orNil(bad)
	})
	if !ok {
		return res, nil
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return FileResult{}, err
	}
	defer tx.Rollback()
	for _, e := range entries {
		r, err := tx.ExecContext(ctx, `UPDATE argo_float_metadata SET profiler_type = coalesce(?, profiler_type), dac = coalesce(dac, ?) WHERE wmo = ?`,
			nullStr(e.ProfilerType), e.DAC, e.WMO)
		if err != nil {
			return FileResult{}, fmt.Errorf("meta index: %w", err)
		}
		if n, _ := r.RowsAffected(); n == 0 {
			if _, err := tx.ExecContext(ctx, `INSERT INTO argo_float_metadata (wmo, dac, profiler_type, source_file) VALUES (?, ?, ?, ?)`,
				e.WMO, e.DAC, nullStr(e.ProfilerType), in.path); err != nil {
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
	return res, nil
}

func (s *Store) ingestMeta(ctx context.Context, conn *sql.Conn, in source) (FileResult, error) {
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
	for _, d := range []struct {
		name string
		t    time.Time
	}{{"LAUNCH_DATE", m.LaunchDate}, {"END_MISSION_DATE", m.EndMissionDate}} {
		if fe, ok := s.future("variable "+d.name, "date", d.t); ok {
			return failed(in, fmt.Errorf("%s: %w", in.path, fe)), nil
		}
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
	in       source
	wmo      string
	profiles []argo.Profile // the valid ones
	bad      argo.RecordErrors
}

// parseProfiles reads a profile file; a non-empty res.Status means it was
// not usable. Profiles that fail validation are left out, in bad.
func (s *Store) parseProfiles(in source) (parsed, FileResult) {
	f, err := netcdf.Open(in.path)
	if errors.Is(err, netcdf.ErrHDF5) {
		return parsed{}, FileResult{Path: in.path, Kind: in.kind, Status: Unsupported, Reason: err.Error()}
	}
	if err != nil {
		return parsed{}, failed(in, err)
	}
	defer f.Close()
	all, err := argo.ReadProfiles(f)
	bad, ok := recordErrors(err)
	if !ok {
		return parsed{}, failed(in, fmt.Errorf("%s: %w", in.path, err))
	}
	var profs []argo.Profile
	for i, p := range all {
		if fe, ok := s.future(fmt.Sprintf("profile %d (cycle %d)", i+1, p.Cycle), "JULD", p.Time); ok {
			bad = append(bad, fe)
			continue
		}
		profs = append(profs, p)
	}
	if len(profs) == 0 {
		if len(bad) > 0 {
			return parsed{}, failed(in, fmt.Errorf("%s: every profile is invalid: %w", in.path, bad))
		}
		return parsed{}, failed(in, fmt.Errorf("%s: no profiles", in.path))
	}
	wmo := profs[0].WMO
	for _, p := range profs {
		if p.WMO != wmo {
			return parsed{}, failed(in, fmt.Errorf("%s: variable PLATFORM_NUMBER: profiles of two floats (%s, %s) in one file", in.path, wmo, p.WMO))
		}
	}
	return parsed{in: in, wmo: wmo, profiles: profs, bad: bad}, FileResult{}
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
			for _, e := range f.bad {
				results[i].reject(e)
			}
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
			sel, _, err := parquetSelect(ctx, conn, oldGlob, len(files))
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
	// the summary of the new partitions commits with the stations
	for _, t := range []derivedTable{summaryTable, atTargetsTable} {
		if err := t.writeFloat(ctx, tx, wmo, staging); err != nil {
			os.RemoveAll(staging)
			return nil, err
		}
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

// ingestProfIndex adds a station for every valid indexed profile not
// already known from a profile file, and refreshes the status of those
// floats. An index row updates only stations that came from index rows,
// and never replaces a known time, position or ocean with a missing one;
// it gives its ocean code to stations from profile files.
func (s *Store) ingestProfIndex(ctx context.Context, conn *sql.Conn, in source) (FileResult, []string, error) {
	var entries []argo.IndexEntry
	res, ok := s.readIndex(in, func(r io.Reader) (int, error) {
		es, err := argo.ReadProfileIndex(r)
		bad, ok := recordErrors(err)
		if !ok {
			return 0, err
		}
		for _, e := range es {
			where := fmt.Sprintf("line %d", e.Line)
			if fe, ok := s.future(where, "date", e.Time); ok {
				bad = append(bad, fe)
				continue
			}
			if fe, ok := s.future(where, "date_update", e.DateUpdate); ok {
				bad = append(bad, fe)
				continue
			}
			entries = append(entries, e)
		}
		return len(entries), orNil(bad)
	})
	if !ok {
		return res, nil, nil
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
	if _, err := tx.ExecContext(ctx, `
		CREATE OR REPLACE TEMP TABLE _index1 AS
			SELECT DISTINCT ON (wmo, cycle, direction) * FROM _index ORDER BY wmo, cycle, direction, data_mode;
		UPDATE argo_profile_stations s SET data_mode = i.data_mode, time = coalesce(i.time, s.time),
				lat = CASE WHEN i.lat IS NULL THEN s.lat ELSE i.lat END,
				lon = CASE WHEN i.lat IS NULL THEN s.lon ELSE i.lon END,
				ocean = coalesce(i.ocean, s.ocean), source_file = i.file
			FROM _index1 i
			WHERE s.wmo = i.wmo AND s.cycle = i.cycle AND s.direction = i.direction AND s.source_rank = 0;
		UPDATE argo_profile_stations s SET ocean = coalesce(i.ocean, s.ocean) FROM _index1 i
			WHERE s.wmo = i.wmo AND s.cycle = i.cycle AND s.direction = i.direction AND s.source_rank > 0;
		INSERT INTO argo_profile_stations
			SELECT i.wmo, i.cycle, i.direction, i.data_mode, i.time, i.lat, i.lon, NULL, i.ocean, NULL, i.file, 0
			FROM _index1 i
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
	res.Profiles = len(entries)
	return res, out, nil
}
