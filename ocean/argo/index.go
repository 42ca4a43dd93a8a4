// Package argo reads Argo GDAC data: the text index files and the NetCDF
// meta, multi-profile, single-cycle and synthetic BGC (S) profile files,
// into plain Go values.
// It knows the Argo formats; it knows nothing about storage.
package argo

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
	"time"
)

// ErrFormat means an input does not follow the Argo format.
var ErrFormat = errors.New("not a valid Argo file")

// IndexEntry is one row of ar_index_global_prof.txt: one profile file.
type IndexEntry struct {
	Line         int    // line number in the index
	File         string // relative to dac/
	DAC          string
	WMO          string
	Cycle        int
	Direction    byte // 'A' ascending, 'D' descending
	DataMode     byte // 'R' or 'D' from the file name
	Time         time.Time
	HasTime      bool
	Lat, Lon     float64
	HasPosition  bool
	Ocean        string // A, P or I
	ProfilerType string // reference table 8 code
	Institution  string // reference table 4 code
	DateUpdate   time.Time
}

// MetaIndexEntry is one row of ar_index_global_meta.txt.
type MetaIndexEntry struct {
	Line         int
	File         string
	DAC          string
	WMO          string
	ProfilerType string
	Institution  string
	DateUpdate   time.Time
}

// ReadProfileIndex parses a profile index (ar_index_global_prof.txt) and
// validates each row: the file name, the date (empty for none; not after
// the row's date_update nor the index's own "Date of update"), the
// position (empty or the -99.999/-999.999 markers for none; else within
// -90..90, -180..180), the ocean, profiler and institution codes. Invalid
// rows are left out and reported in a RecordErrors with their line
// numbers, returned with the valid rows; a file that is not an index at
// all is an error wrapping ErrFormat, with no rows.
func ReadProfileIndex(r io.Reader) ([]IndexEntry, error) {
	var out []IndexEntry
	err := readCSV(r, []string{"file", "date", "latitude", "longitude", "ocean", "profiler_type", "institution", "date_update"},
		func(line int, rec map[string]string, asOf time.Time) error {
			e := IndexEntry{Line: line, File: rec["file"], Ocean: rec["ocean"], ProfilerType: rec["profiler_type"], Institution: rec["institution"]}
			pf, err := ParseProfileFileName(e.File)
			if err != nil {
				return err
			}
			e.DAC, e.WMO, e.Cycle, e.Direction, e.DataMode = pf.DAC, pf.WMO, pf.Cycle, pf.Direction, pf.DataMode
			if e.DateUpdate, err = indexDate(rec["date_update"], "date_update", asOf, "the index's date of update"); err != nil {
				return err
			}
			bound, boundName := e.DateUpdate, "the row's date_update"
			if bound.IsZero() {
				bound, boundName = asOf, "the index's date of update"
			}
			if e.Time, err = indexDate(rec["date"], "date", bound, boundName); err != nil {
				return err
			}
			e.HasTime = !e.Time.IsZero()
			if rec["latitude"] != "" || rec["longitude"] != "" {
				lat, err1 := strconv.ParseFloat(rec["latitude"], 64)
				lon, err2 := strconv.ParseFloat(rec["longitude"], 64)
				if err1 != nil || err2 != nil {
					return fmt.Errorf("position %q, %q is not two numbers", rec["latitude"], rec["longitude"])
				}
				if e.HasPosition, err = checkPosition(lat, lon); err != nil {
					return err
				}
				if e.HasPosition {
					e.Lat, e.Lon = lat, lon
				}
			}
			for _, c := range []string{"ocean", "profiler_type", "institution"} {
				if err := checkCode(c, rec[c]); err != nil {
					return err
				}
			}
			out = append(out, e)
			return nil
		})
	return out, err
}

// indexDate parses an optional YYYYMMDDhhmmss date of an index row and
// checks it with checkDate.
func indexDate(s, what string, notAfter time.Time, after string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := parseDate(s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s %q is not a date (YYYYMMDDhhmmss)", what, s)
	}
	return t, checkDate(what, t, notAfter, after)
}

// ReadMetaIndex parses a meta index (ar_index_global_meta.txt), validating
// each row as ReadProfileIndex does.
func ReadMetaIndex(r io.Reader) ([]MetaIndexEntry, error) {
	var out []MetaIndexEntry
	err := readCSV(r, []string{"file", "profiler_type", "institution", "date_update"},
		func(line int, rec map[string]string, asOf time.Time) error {
			parts := strings.Split(rec["file"], "/")
			if len(parts) != 3 || parts[0] == "" || !isDigits(parts[1]) || parts[2] != parts[1]+"_meta.nc" {
				return fmt.Errorf("file %q is not <dac>/<wmo>/<wmo>_meta.nc", rec["file"])
			}
			e := MetaIndexEntry{Line: line, File: rec["file"], DAC: parts[0], WMO: parts[1], ProfilerType: rec["profiler_type"], Institution: rec["institution"]}
			var err error
			if e.DateUpdate, err = indexDate(rec["date_update"], "date_update", asOf, "the index's date of update"); err != nil {
				return err
			}
			for _, c := range []string{"profiler_type", "institution"} {
				if err := checkCode(c, rec[c]); err != nil {
					return err
				}
			}
			out = append(out, e)
			return nil
		})
	return out, err
}

// readCSV reads an index: '#' comment lines (one may say "Date of
// update : YYYYMMDDhhmmss", passed to row as asOf), a header naming at
// least the wanted columns, then rows. Bad rows are collected into a
// RecordErrors.
func readCSV(r io.Reader, want []string, row func(line int, rec map[string]string, asOf time.Time) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var cols []string
	var bad RecordErrors
	var asOf time.Time
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" {
			continue
		}
		if c, ok := strings.CutPrefix(text, "#"); ok {
			if k, v, ok := strings.Cut(c, ":"); ok && strings.EqualFold(strings.TrimSpace(k), "date of update") {
				t, err := parseDate(v)
				if err != nil {
					return fmt.Errorf("%w: line %d: date of update %q is not YYYYMMDDhhmmss", ErrFormat, line, strings.TrimSpace(v))
				}
				asOf = t
			}
			continue
		}
		fields := strings.Split(text, ",")
		if cols == nil {
			cols = fields
			for _, w := range want {
				if !contains(cols, w) {
					return fmt.Errorf("%w: index header %q lacks column %q", ErrFormat, text, w)
				}
			}
			continue
		}
		if len(fields) != len(cols) {
			bad = append(bad, RecordError{fmt.Sprintf("line %d", line), fmt.Errorf("%d fields, header has %d", len(fields), len(cols))})
			continue
		}
		rec := make(map[string]string, len(cols))
		for i, c := range cols {
			rec[c] = strings.TrimSpace(fields[i])
		}
		if err := row(line, rec, asOf); err != nil {
			bad = append(bad, RecordError{fmt.Sprintf("line %d", line), err})
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading index: line %d: %w", line+1, err)
	}
	if cols == nil {
		return fmt.Errorf("%w: index has no header line", ErrFormat)
	}
	if len(bad) > 0 {
		return bad
	}
	return nil
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// ProfileFile is what a single-cycle profile file name says about it.
type ProfileFile struct {
	DAC, WMO  string // DAC is empty when the name has no directory
	Cycle     int
	Direction byte // 'A' or 'D'
	DataMode  byte // 'R' or 'D'
}

// ParseProfileFileName parses "[<dac>/<wmo>/profiles/]{R,D}<wmo>_<ccc>[D].nc".
// BGC files (B or S prefix) are refused.
func ParseProfileFileName(p string) (ProfileFile, error) {
	var pf ProfileFile
	dir, base := path.Split(p)
	if parts := strings.Split(strings.Trim(dir, "/"), "/"); len(parts) >= 3 && parts[len(parts)-1] == "profiles" {
		pf.DAC = parts[len(parts)-3]
	}
	name, ok := strings.CutSuffix(base, ".nc")
	if !ok || len(name) < 4 {
		return pf, fmt.Errorf("%w: profile file name %q", ErrFormat, base)
	}
	pf.DataMode = name[0]
	if pf.DataMode != 'R' && pf.DataMode != 'D' {
		return pf, fmt.Errorf("%w: profile file name %q does not start with R or D", ErrFormat, base)
	}
	wmo, cyc, ok := strings.Cut(name[1:], "_")
	if !ok || !isDigits(wmo) {
		return pf, fmt.Errorf("%w: profile file name %q is not <mode><wmo>_<cycle>.nc", ErrFormat, base)
	}
	pf.WMO, pf.Direction = wmo, 'A'
	if strings.HasSuffix(cyc, "D") {
		pf.Direction = 'D'
		cyc = cyc[:len(cyc)-1]
	}
	if !isDigits(cyc) {
		return pf, fmt.Errorf("%w: profile file name %q has cycle %q", ErrFormat, base, cyc)
	}
	pf.Cycle, _ = strconv.Atoi(cyc)
	return pf, nil
}

func isDigits(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func parseDate(s string) (time.Time, error) {
	return time.Parse("20060102150405", strings.TrimSpace(s))
}
