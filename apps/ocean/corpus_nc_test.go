package ocean

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/netcdf"
)

// This file computes the corpus's expected answers directly from the
// NetCDF files and the GDAC profile index, without the stores: its own
// reading of the files, its own choice of profile per cycle (D over A
// over R), its own Argo value rules and its own aggregates in Go.

// ncProfile is one profile as read from a core profile file.
type ncProfile struct {
	wmo      string
	cycle    int
	dir      string
	mode     string
	time     time.Time
	lat, lon float64 // NaN when missing
	pres     []float64
	vals     map[string][]float64 // temperature, salinity, pressure: the good value or NaN
	rank     int
	ocean    string
}

// ncStation is one profile station: from a file when one holds the
// profile, else from the index.
type ncStation struct {
	wmo      string
	cycle    int
	dir      string
	time     time.Time
	lat, lon float64
	ocean    string
}

type ncData struct {
	profiles []*ncProfile
	stations []ncStation
}

var (
	ncOnce sync.Once
	ncSet  *ncData
	ncErr  error
)

func loadNC(t testing.TB) *ncData {
	t.Helper()
	gdac := oceantest.GDAC(t)
	ncOnce.Do(func() { ncSet, ncErr = readGDAC(gdac) })
	if ncErr != nil {
		t.Fatal(ncErr)
	}
	return ncSet
}

var reCoreFile = regexp.MustCompile(`^(?:[0-9]+_prof\.nc|[RD][0-9]+_[0-9]+D?\.nc)$`)

func readGDAC(root string) (*ncData, error) {
	type key struct {
		wmo   string
		cycle int
		dir   string
	}
	best := map[key]*ncProfile{}
	var dirs []string
	floatDirs, _ := filepath.Glob(filepath.Join(root, "dac", "*", "*"))
	for _, d := range floatDirs {
		var files []string
		if m, _ := filepath.Glob(filepath.Join(d, "*_prof.nc")); len(m) > 0 {
			files = append(files, m...)
		}
		ps, _ := filepath.Glob(filepath.Join(d, "profiles", "*.nc"))
		sort.Strings(ps)
		files = append(files, ps...)
		for _, f := range files {
			if !reCoreFile.MatchString(filepath.Base(f)) {
				continue
			}
			profs, err := readNCFile(f)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			for _, p := range profs {
				k := key{p.wmo, p.cycle, p.dir}
				if old, ok := best[k]; !ok || p.rank >= old.rank {
					best[k] = p
				}
			}
		}
		dirs = append(dirs, d)
	}
	data := &ncData{}
	for _, p := range best {
		data.profiles = append(data.profiles, p)
	}
	slices.SortFunc(data.profiles, func(a, b *ncProfile) int {
		return strings.Compare(fmt.Sprintf("%s/%06d%s", a.wmo, a.cycle, a.dir), fmt.Sprintf("%s/%06d%s", b.wmo, b.cycle, b.dir))
	})
	// stations: the files' profiles, then index rows for the others; the
	// index gives every station its ocean code
	idx, err := os.Open(filepath.Join(root, "ar_index_global_prof.txt"))
	if err != nil {
		return nil, err
	}
	defer idx.Close()
	reName := regexp.MustCompile(`^[^/]+/([0-9]+)/profiles/[A-Z]*([RD])?[0-9]+_([0-9]+)(D?)\.nc$`)
	index := map[key]ncStation{}
	sc := bufio.NewScanner(idx)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "file,") {
			continue
		}
		f := strings.Split(line, ",")
		if len(f) < 5 {
			continue
		}
		m := reName.FindStringSubmatch(f[0])
		if m == nil || strings.HasPrefix(filepath.Base(f[0]), "B") || strings.HasPrefix(filepath.Base(f[0]), "S") || strings.HasPrefix(filepath.Base(f[0]), "M") {
			continue
		}
		c, _ := strconv.Atoi(m[3])
		dir := "A"
		if m[4] == "D" {
			dir = "D"
		}
		st := ncStation{wmo: m[1], cycle: c, dir: dir, lat: parseNum(f[2]), lon: parseNum(f[3]), ocean: f[4]}
		if tm, err := time.Parse("20060102150405", f[1]); err == nil {
			st.time = tm
		}
		index[key{st.wmo, c, dir}] = st
	}
	for _, p := range data.profiles {
		k := key{p.wmo, p.cycle, p.dir}
		st := ncStation{wmo: p.wmo, cycle: p.cycle, dir: p.dir, time: p.time, lat: p.lat, lon: p.lon}
		if i, ok := index[k]; ok {
			st.ocean = i.ocean
			if math.IsNaN(st.lat) {
				st.lat, st.lon = i.lat, i.lon
			}
			if st.time.IsZero() {
				st.time = i.time
			}
			delete(index, k)
		}
		p.ocean = st.ocean
		data.stations = append(data.stations, st)
	}
	for _, st := range index {
		data.stations = append(data.stations, st)
	}
	_ = dirs
	return data, nil
}

func parseNum(s string) float64 {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return math.NaN()
	}
	return v
}

// readNCFile reads a core profile file (single- or multi-profile) and
// applies the Argo rules: adjusted values in A/D mode, raw in R mode,
// QC 1–2 only (pressure too), else NaN.
func readNCFile(path string) ([]*ncProfile, error) {
	f, err := netcdf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	wmos, err := f.Strings("PLATFORM_NUMBER")
	if err != nil {
		return nil, err
	}
	modes, _ := f.Strings("DATA_MODE")
	dirs, _ := f.Strings("DIRECTION")
	mode, dirStr := strings.Join(modes, ""), strings.Join(dirs, "")
	num := func(name string) ([]float64, float64) {
		v, err := f.Float64s(name)
		if err != nil {
			return nil, 0
		}
		fill := 99999.0
		if vv, err := f.Var(name); err == nil {
			if fv, ok := vv.FillValue(); ok {
				fill = fv
			}
		}
		return v, fill
	}
	cycles, _ := num("CYCLE_NUMBER")
	juld, jfill := num("JULD")
	lats, lfill := num("LATITUDE")
	lons, _ := num("LONGITUDE")
	nProf := len(wmos)
	nLev := 0
	if d, ok := f.Dim("N_LEVELS"); ok {
		nLev = int(d.Len)
	}
	qcs := func(name string) []string {
		s, err := f.Strings(name)
		if err != nil {
			return nil
		}
		return s
	}
	type vr struct {
		raw, adj   []float64
		rfill      float64
		afill      float64
		rqc, aqc   []string
		present    bool
		planName   string
		ncBaseName string
	}
	read := func(base, plan string) vr {
		r := vr{planName: plan, ncBaseName: base}
		r.raw, r.rfill = num(base)
		r.adj, r.afill = num(base + "_ADJUSTED")
		r.rqc, r.aqc = qcs(base+"_QC"), qcs(base+"_ADJUSTED_QC")
		r.present = r.raw != nil
		return r
	}
	vars := []vr{read("PRES", "pressure"), read("TEMP", "temperature"), read("PSAL", "salinity")}
	origin := time.Date(1950, 1, 1, 0, 0, 0, 0, time.UTC)
	var out []*ncProfile
	for i := range nProf {
		p := &ncProfile{wmo: strings.TrimSpace(wmos[i]), cycle: int(cycles[i]), dir: "A", mode: "R", lat: math.NaN(), lon: math.NaN(), vals: map[string][]float64{}}
		if i < len(mode) {
			p.mode = string(mode[i])
		}
		if i < len(dirStr) && dirStr[i] == 'D' {
			p.dir = "D"
		}
		p.rank = map[string]int{"D": 4, "A": 3}[p.mode]
		if p.rank == 0 {
			p.rank = 2
		}
		if juld != nil && juld[i] != jfill && juld[i] < 90000 {
			p.time = origin.Add(time.Duration(juld[i] * 86400 * float64(time.Second))).Round(time.Second)
		}
		if lats != nil && lats[i] != lfill && math.Abs(lats[i]) <= 90 {
			p.lat, p.lon = lats[i], lons[i]
		}
		adjusted := p.mode == "A" || p.mode == "D"
		for _, v := range vars {
			good := make([]float64, nLev)
			for l := range nLev {
				good[l] = math.NaN()
				if !v.present {
					continue
				}
				k := i*nLev + l
				vals, fill, qc := v.raw, v.rfill, v.rqc
				if adjusted {
					vals, fill, qc = v.adj, v.afill, v.aqc
				}
				if vals == nil || vals[k] == fill || math.Abs(vals[k]) > 1e6 {
					continue
				}
				if i >= len(qc) || l >= len(qc[i]) || (qc[i][l] != '1' && qc[i][l] != '2') {
					continue
				}
				good[l] = vals[k]
			}
			p.vals[v.planName] = good
		}
		p.pres = p.vals["pressure"]
		out = append(out, p)
	}
	return out, nil
}
