// Package gdac downloads Argo data from a Global Data Assembly Center
// over HTTP(S): the index files, then the meta, prof and single-profile
// files of the floats a Selection names, in parallel, resumable and
// checked, into a local directory laid out like the GDAC (dac/...).
package gdac

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
)

// DefaultURL is the public Ifremer GDAC.
const DefaultURL = "https://data-argo.ifremer.fr"

// Index files, relative to the GDAC root.
const (
	ProfIndex = "ar_index_global_prof.txt"
	MetaIndex = "ar_index_global_meta.txt"
	// SyntheticIndex lists the synthetic (BGC) profiles: a float it
	// names has a <WMO>_Sprof.nc with its oxygen, chlorophyll, nitrate…
	SyntheticIndex = "argo_synthetic-profile_index.txt"
)

// ErrNoSelection is returned when a Selection selects nothing at all: no
// float, region or time, and not All.
var ErrNoSelection = errors.New("nothing selected: give floats, a region or a start time (or all)")

// Selection says which floats and profiles to fetch. Each set field
// narrows it; a profile is fetched when it passes every one.
type Selection struct {
	// Floats are WMO numbers.
	Floats []string
	// Region reports whether a profile's position (and its GDAC ocean
	// code: A, I, P) is in the region asked; nil means anywhere.
	Region func(lat, lon float64, ocean string) bool
	// Since keeps profiles on or after it; zero means any time.
	Since time.Time
	// All selects every float of the index (the whole GDAC, for a mirror).
	All bool
}

func (s Selection) empty() bool {
	return len(s.Floats) == 0 && s.Region == nil && s.Since.IsZero() && !s.All
}

// Box is a latitude/longitude box in degrees.
type Box struct{ South, North, West, East float64 }

// Contains reports whether (lat, lon) is in the box; a box whose West is
// east of its East crosses the antimeridian.
func (b Box) Contains(lat, lon float64, _ string) bool {
	if lat < b.South || lat > b.North {
		return false
	}
	if b.West <= b.East {
		return lon >= b.West && lon <= b.East
	}
	return lon >= b.West || lon <= b.East
}

// ParseBox reads "SOUTH,NORTH,WEST,EAST" in degrees (e.g. "5,25,50,78").
func ParseBox(s string) (Box, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 4 {
		return Box{}, fmt.Errorf("box %q: want SOUTH,NORTH,WEST,EAST in degrees, e.g. 5,25,50,78", s)
	}
	var v [4]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return Box{}, fmt.Errorf("box %q: %q is not a number of degrees", s, p)
		}
		v[i] = f
	}
	b := Box{v[0], v[1], v[2], v[3]}
	switch {
	case b.South < -90 || b.North > 90 || b.South > b.North:
		return Box{}, fmt.Errorf("box %q: latitudes must satisfy -90 <= SOUTH <= NORTH <= 90", s)
	case b.West < -180 || b.West > 180 || b.East < -180 || b.East > 180:
		return Box{}, fmt.Errorf("box %q: longitudes must be within -180..180", s)
	}
	return b, nil
}

// entry is one index row: a file and what the index says about it.
type entry struct {
	File    string    // path under dac/
	Date    time.Time // profile time (prof index)
	Updated time.Time // date_update
	Lat     float64
	Lon     float64
	HasPos  bool
	Ocean   string
}

// wmoOf is the float of a file path dac/<wmo>/...: its second element.
func wmoOf(file string) string {
	parts := strings.SplitN(file, "/", 3)
	if len(parts) < 3 {
		return ""
	}
	return parts[1]
}

// scanIndex reads a GDAC index (comments, a header naming the columns,
// then CSV rows), calling row for each; a row that cannot be read is an
// error naming its line. The header must have the columns want.
func scanIndex(r io.Reader, name string, want []string, row func(line int, rec map[string]string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var cols []string
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
				if !slices.Contains(cols, w) {
					return fmt.Errorf("%s line %d: header %q has no column %q", name, line, text, w)
				}
			}
			continue
		}
		if len(fields) != len(cols) {
			return fmt.Errorf("%s line %d: %d fields, the header has %d", name, line, len(fields), len(cols))
		}
		rec := make(map[string]string, len(cols))
		for i, c := range cols {
			rec[c] = fields[i]
		}
		if err := row(line, rec); err != nil {
			return fmt.Errorf("%s line %d: %w", name, line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if cols == nil {
		return fmt.Errorf("%s: no header line (is it a GDAC index file?)", name)
	}
	return nil
}

// checkFile refuses a path that could leave the download directory.
func checkFile(file string) error {
	if file == "" || strings.HasPrefix(file, "/") || strings.Contains(file, "\\") || path.Clean(file) != file || strings.HasPrefix(file, "..") {
		return fmt.Errorf("file %q is not a plain relative GDAC path", file)
	}
	return nil
}

func indexTime(s string) (time.Time, bool) {
	if s == "" {
		return time.Time{}, false
	}
	t, err := time.Parse("20060102150405", s)
	return t, err == nil
}

// readProfIndex returns the rows of a profile index the selection keeps,
// and the floats they belong to.
func readProfIndex(r io.Reader, sel Selection) ([]entry, error) {
	floats := map[string]bool{}
	for _, f := range sel.Floats {
		floats[f] = true
	}
	var out []entry
	err := scanIndex(r, ProfIndex, []string{"file", "date", "latitude", "longitude", "ocean", "date_update"}, func(_ int, rec map[string]string) error {
		if err := checkFile(rec["file"]); err != nil {
			return err
		}
		e := entry{File: rec["file"], Ocean: rec["ocean"]}
		e.Date, _ = indexTime(rec["date"])
		e.Updated, _ = indexTime(rec["date_update"])
		lat, err1 := strconv.ParseFloat(rec["latitude"], 64)
		lon, err2 := strconv.ParseFloat(rec["longitude"], 64)
		e.Lat, e.Lon, e.HasPos = lat, lon, err1 == nil && err2 == nil && lat >= -90 && lat <= 90 && lon >= -180 && lon <= 180
		if len(floats) > 0 && !floats[wmoOf(e.File)] {
			return nil
		}
		if sel.Region != nil && (!e.HasPos || !sel.Region(e.Lat, e.Lon, e.Ocean)) {
			return nil
		}
		if !sel.Since.IsZero() && (e.Date.IsZero() || e.Date.Before(sel.Since)) {
			return nil
		}
		out = append(out, e)
		return nil
	})
	return out, err
}

// readMetaIndex returns the meta index rows by float.
func readMetaIndex(r io.Reader) (map[string]entry, error) {
	out := map[string]entry{}
	err := scanIndex(r, MetaIndex, []string{"file", "date_update"}, func(_ int, rec map[string]string) error {
		if err := checkFile(rec["file"]); err != nil {
			return err
		}
		e := entry{File: rec["file"]}
		e.Updated, _ = indexTime(rec["date_update"])
		out[wmoOf(e.File)] = e
		return nil
	})
	return out, err
}

// readSyntheticIndex returns, for each of floats the synthetic profile
// index lists, the newest date_update of its rows.
func readSyntheticIndex(r io.Reader, floats map[string]bool) (map[string]time.Time, error) {
	out := map[string]time.Time{}
	err := scanIndex(r, SyntheticIndex, []string{"file", "date_update"}, func(_ int, rec map[string]string) error {
		if err := checkFile(rec["file"]); err != nil {
			return err
		}
		w := wmoOf(rec["file"])
		if !floats[w] {
			return nil
		}
		u, _ := indexTime(rec["date_update"])
		if t, ok := out[w]; !ok || u.After(t) {
			out[w] = u
		}
		return nil
	})
	return out, err
}
