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
	"math"
	"path"
	"strconv"
	"strings"
	"time"
)

// ErrFormat means an input does not follow the Argo format.
var ErrFormat = errors.New("not a valid Argo file")

// IndexEntry is one row of ar_index_global_prof.txt: one profile file.
type IndexEntry struct {
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
	File         string
	DAC          string
	WMO          string
	ProfilerType string
	Institution  string
	DateUpdate   time.Time
}

// ReadProfileIndex parses a profile index (ar_index_global_prof.txt). Rows
// that cannot be parsed are reported in the error with their line number;
// the rows that parsed are returned with it.
func ReadProfileIndex(r io.Reader) ([]IndexEntry, error) {
	var out []IndexEntry
	err := readCSV(r, []string{"file", "date", "latitude", "longitude", "ocean", "profiler_type", "institution", "date_update"},
		func(line int, rec map[string]string) error {
			e := IndexEntry{File: rec["file"], Ocean: rec["ocean"], ProfilerType: rec["profiler_type"], Institution: rec["institution"]}
			pf, err := ParseProfileFileName(e.File)
			if err != nil {
				return err
			}
			e.DAC, e.WMO, e.Cycle, e.Direction, e.DataMode = pf.DAC, pf.WMO, pf.Cycle, pf.Direction, pf.DataMode
			if t, err := parseDate(rec["date"]); err == nil {
				e.Time, e.HasTime = t, true
			}
			lat, err1 := strconv.ParseFloat(rec["latitude"], 64)
			lon, err2 := strconv.ParseFloat(rec["longitude"], 64)
			if err1 == nil && err2 == nil && validPosition(lat, lon) {
				e.Lat, e.Lon, e.HasPosition = lat, lon, true
			}
			e.DateUpdate, _ = parseDate(rec["date_update"])
			out = append(out, e)
			return nil
		})
	return out, err
}

// ReadMetaIndex parses a meta index (ar_index_global_meta.txt).
func ReadMetaIndex(r io.Reader) ([]MetaIndexEntry, error) {
	var out []MetaIndexEntry
	err := readCSV(r, []string{"file", "profiler_type", "institution", "date_update"},
		func(line int, rec map[string]string) error {
			parts := strings.Split(rec["file"], "/")
			if len(parts) != 3 || !strings.HasSuffix(parts[2], "_meta.nc") {
				return fmt.Errorf("file %q is not <dac>/<wmo>/<wmo>_meta.nc", rec["file"])
			}
			e := MetaIndexEntry{File: rec["file"], DAC: parts[0], WMO: parts[1], ProfilerType: rec["profiler_type"], Institution: rec["institution"]}
			e.DateUpdate, _ = parseDate(rec["date_update"])
			out = append(out, e)
			return nil
		})
	return out, err
}

// readCSV reads an index: '#' comment lines, a header naming at least the
// wanted columns, then rows. Bad rows are collected into one error.
func readCSV(r io.Reader, want []string, row func(line int, rec map[string]string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var cols []string
	var bad []error
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if text == "" || strings.HasPrefix(text, "#") {
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
			bad = append(bad, fmt.Errorf("line %d: %d fields, header has %d", line, len(fields), len(cols)))
			continue
		}
		rec := make(map[string]string, len(cols))
		for i, c := range cols {
			rec[c] = strings.TrimSpace(fields[i])
		}
		if err := row(line, rec); err != nil {
			bad = append(bad, fmt.Errorf("line %d: %w", line, err))
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading index: %w", err)
	}
	if cols == nil {
		return fmt.Errorf("%w: index has no header line", ErrFormat)
	}
	if len(bad) > 0 {
		if len(bad) > 10 {
			bad = append(bad[:10], fmt.Errorf("and %d more bad lines", len(bad)-10))
		}
		return fmt.Errorf("%w: %w", ErrFormat, errors.Join(bad...))
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

func validPosition(lat, lon float64) bool {
	return !math.IsNaN(lat) && !math.IsNaN(lon) && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 360
}
