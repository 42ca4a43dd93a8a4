package argo

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/netcdf"
)

func TestParseProfileFileName(t *testing.T) {
	cases := map[string]ProfileFile{
		"incois/2902269/profiles/R2902269_001.nc": {DAC: "incois", WMO: "2902269", Cycle: 1, Direction: 'A', DataMode: 'R'},
		"D13857_000D.nc": {WMO: "13857", Cycle: 0, Direction: 'D', DataMode: 'D'},
	}
	for in, want := range cases {
		got, err := ParseProfileFileName(in)
		if err != nil || got != want {
			t.Errorf("%s = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"BR2902269_001.nc", "R2902269.nc", "R29x2269_001.nc", "R2902269_0a1.nc", "x.txt", "R_1.nc"} {
		if _, err := ParseProfileFileName(bad); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: err = %v", bad, err)
		}
	}
}

func TestReadProfileIndexBadLines(t *testing.T) {
	in := "# comment\nfile,date,latitude,longitude,ocean,profiler_type,institution,date_update\n" +
		"aoml/13857/profiles/R13857_001.nc,19970729200300,0.267,-16.032,A,845,AO,20181011180520\n" +
		"aoml/13857/profiles/R13857_002.nc,19970809192112,-99.999,-999.999,A,845,AO,20181011180521\n" +
		"garbage line\n"
	got, err := ReadProfileIndex(strings.NewReader(in))
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "line 5") {
		t.Errorf("err = %v, want a format error naming line 5", err)
	}
	if len(got) != 2 || !got[0].HasPosition || got[1].HasPosition || got[0].Time.Year() != 1997 {
		t.Errorf("entries = %+v", got)
	}
	if _, err := ReadProfileIndex(strings.NewReader("a,b\n1,2\n")); !errors.Is(err, ErrFormat) {
		t.Errorf("wrong header: err = %v", err)
	}
}

func TestRealIndex(t *testing.T) {
	gdac := oceantest.GDAC(t)
	fh, err := os.Open(filepath.Join(gdac, "ar_index_global_prof.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	entries, err := ReadProfileIndex(fh)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2702 {
		t.Errorf("%d entries, README says 2702", len(entries))
	}
	floats := map[string]bool{}
	for _, e := range entries {
		floats[e.WMO] = true
	}
	if len(floats) != 15 {
		t.Errorf("%d floats, want 15", len(floats))
	}
}

func TestRealMetaAndProfiles(t *testing.T) {
	gdac := oceantest.GDAC(t)
	f, err := netcdf.Open(filepath.Join(gdac, "dac/incois/2902269/2902269_meta.nc"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := ReadMeta(f)
	if err != nil {
		t.Fatal(err)
	}
	if m.WMO != "2902269" || m.PlatformType != "ARVOR" || m.PIName != "M Ravichandran" || m.LaunchDate.Format("2006-01-02") != "2019-01-22" {
		t.Errorf("meta = %+v", m)
	}
	if !m.HasLaunchPosition || m.LaunchLat < 14 || m.LaunchLat > 18 {
		t.Errorf("launch position %v,%v (%v)", m.LaunchLat, m.LaunchLon, m.HasLaunchPosition)
	}

	pf, err := netcdf.Open(filepath.Join(gdac, "dac/incois/2902269/2902269_prof.nc"))
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	profs, err := ReadProfiles(pf)
	if err != nil {
		t.Fatal(err)
	}
	if len(profs) != 57 {
		t.Fatalf("%d profiles, want 57", len(profs))
	}
	p := profs[1]
	if p.WMO != "2902269" || !p.HasTime || p.Time.Year() != 2019 || !p.HasPosition || len(p.Levels) < 50 {
		t.Errorf("profile 1: %+v (%d levels)", p, len(p.Levels))
	}
	for _, lv := range p.Levels {
		if !math.IsNaN(lv.Temp) && (lv.Temp < -3 || lv.Temp > 40) {
			t.Errorf("implausible temperature %v at %v dbar", lv.Temp, lv.Pres)
		}
		if lv.PresQC == 0 {
			t.Errorf("missing PRES_QC at %v dbar", lv.Pres)
		}
	}
	// single-cycle file agrees with the multi-profile file
	sf, err := netcdf.Open(filepath.Join(gdac, "dac/incois/2902269/profiles/R2902269_001.nc"))
	if err != nil {
		t.Fatal(err)
	}
	defer sf.Close()
	single, err := ReadProfiles(sf)
	if err != nil || len(single) != 1 || single[0].Cycle != 1 {
		t.Fatalf("single = %v profiles, %v", len(single), err)
	}
	var multi Profile
	for _, q := range profs {
		if q.Cycle == 1 && q.Direction == 'A' {
			multi = q
		}
	}
	if single[0].Time != multi.Time || single[0].Lat != multi.Lat || len(single[0].Levels) != len(multi.Levels) {
		t.Errorf("single-cycle %v %v %d levels vs multi %v %v %d", single[0].Time, single[0].Lat, len(single[0].Levels), multi.Time, multi.Lat, len(multi.Levels))
	}
}

func TestReadProfilesMissingVariable(t *testing.T) {
	gdac := oceantest.GDAC(t)
	f, err := netcdf.Open(filepath.Join(gdac, "dac/incois/2902269/2902269_meta.nc"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, err = ReadProfiles(f) // a meta file has no N_PROF
	var ve *VarError
	if !errors.As(err, &ve) || ve.Var != "N_PROF" {
		t.Errorf("err = %v, want a VarError naming N_PROF", err)
	}
}

const indexHead = "# Title : Profile directory file of the Argo Global Data Assembly Center\n# Date of update : 20230427112425\n" +
	"file,date,latitude,longitude,ocean,profiler_type,institution,date_update\n"

// TestProfileIndexValidation: each kind of bad row is left out and named
// with its line; good rows around it, and the real index's missing
// markers and blank dates, pass.
func TestProfileIndexValidation(t *testing.T) {
	good := "aoml/13857/profiles/R13857_001.nc,19970729200300,0.267,-16.032,A,845,AO,20181011180520"
	for _, c := range []struct{ row, want string }{
		{"aoml/13857/profiles/R13857_002.nc,1997XX09192112,0.072,-17.659,A,845,AO,20181011180521", `date "1997XX09192112" is not a date`},
		{"aoml/13857/profiles/R13857_002.nc,19970809192112,abc,-17.659,A,845,AO,20181011180521", "is not two numbers"},
		{"aoml/13857/profiles/R13857_002.nc,19970809192112,95,500,A,845,AO,20181011180521", "latitude 95 is outside -90..90"},
		{"aoml/13857/profiles/R13857_002.nc,19970809192112,45,500,A,845,AO,20181011180521", "longitude 500 is outside -180..180"},
		{"aoml/13857/profiles/R13857_002.nc,19970809192112,0.072,-17.659,Z,845,AO,20181011180521", `ocean code "Z" is not A, P or I`},
		{"aoml/13857/profiles/R13857_002.nc,20300101000000,0.072,-17.659,A,845,AO,20181011180521", "after the row's date_update"},
		{"aoml/13857/profiles/R13857_002.nc,20300101000000,0.072,-17.659,A,845,AO,20300102000000", "after the index's date of update"},
		{"aoml/13857/profiles/R13857_002.nc,19400101000000,0.072,-17.659,A,845,AO,20181011180521", "before 1950-01-01"},
		{"aoml/13857/profiles/R13857_002.nc,19970809192112,0.072,-17.659,A,84x,AO,20181011180521", "profiler type"},
		{"aoml/13857/profiles/R13857_002.nc,19970809192112,0.072,-17.659,A,845,ao,20181011180521", "institution"},
		{"aoml/13857/profiles/X13857_002.nc,19970809192112,0.072,-17.659,A,845,AO,20181011180521", "does not start with R or D"},
		{"aoml/13857/profiles/R13857_002.nc,19970809192112,0.072", "3 fields, header has 8"},
	} {
		got, err := ReadProfileIndex(strings.NewReader(indexHead + good + "\n" + c.row + "\n" + good + "\n"))
		var bad RecordErrors
		if !errors.As(err, &bad) || len(bad) != 1 || bad[0].Where != "line 5" || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrFormat) {
			t.Errorf("%s: err = %v, want line 5 named with %q", c.row, err, c.want)
		}
		if len(got) != 2 || got[0].Line != 4 || got[1].Line != 6 {
			t.Errorf("%s: valid rows = %+v", c.row, got)
		}
	}
	missing := "jma/4902252/profiles/D4902252_104.nc,,-99.999,-999.999,,863,JA,20200115041517"
	got, err := ReadProfileIndex(strings.NewReader(indexHead + missing + "\n"))
	if err != nil || len(got) != 1 || got[0].HasPosition || got[0].HasTime || got[0].Ocean != "" {
		t.Errorf("missing markers and a blank date: %+v, %v", got, err)
	}
	if _, err := ReadProfileIndex(strings.NewReader("# Date of update : yesterday\n" + indexHead)); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("bad index date: %v", err)
	}
}

// FuzzReadProfileIndex: whatever the input, every row returned is valid
// by the rules ReadProfileIndex states, every rejected one names its line,
// and nothing panics.
func FuzzReadProfileIndex(f *testing.F) {
	f.Add(indexHead + "aoml/13857/profiles/R13857_001.nc,19970729200300,0.267,-16.032,A,845,AO,20181011180520\n")
	f.Add(indexHead + "jma/4902252/profiles/D4902252_104.nc,,-99.999,-999.999,,863,JA,20200115041517\n")
	f.Add(indexHead + "aoml/13857/profiles/R13857_002.nc,20300101000000,95,500,Z,845,AO,20300102000000\n")
	f.Add("file,date,latitude,longitude,ocean,profiler_type,institution,date_update\nx,,,,,,,\n")
	f.Add("")
	f.Fuzz(func(t *testing.T, in string) {
		entries, err := ReadProfileIndex(strings.NewReader(in))
		var bad RecordErrors
		if errors.As(err, &bad) {
			for _, b := range bad {
				if !strings.HasPrefix(b.Where, "line ") {
					t.Fatalf("rejection %q does not name its line", b.Error())
				}
			}
		} else if err != nil && len(entries) > 0 {
			t.Fatalf("rows returned with a whole-file error %v", err)
		}
		for _, e := range entries {
			if e.WMO == "" || (e.Direction != 'A' && e.Direction != 'D') || (e.DataMode != 'R' && e.DataMode != 'D') {
				t.Fatalf("entry %+v accepted", e)
			}
			if e.HasPosition && (e.Lat < -90 || e.Lat > 90 || e.Lon < -180 || e.Lon > 180) {
				t.Fatalf("position %v, %v accepted", e.Lat, e.Lon)
			}
			if e.Ocean != "" && e.Ocean != "A" && e.Ocean != "P" && e.Ocean != "I" {
				t.Fatalf("ocean %q accepted", e.Ocean)
			}
			if e.HasTime && (e.Time.Before(argoEpoch) || (!e.DateUpdate.IsZero() && e.Time.After(e.DateUpdate))) {
				t.Fatalf("date %v (updated %v) accepted", e.Time, e.DateUpdate)
			}
		}
	})
}

func FuzzParseProfileFileName(f *testing.F) {
	for _, s := range []string{"incois/2902269/profiles/R2902269_001.nc", "D13857_000D.nc", "BR1_1.nc", "R_.nc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		pf, err := ParseProfileFileName(s)
		if err == nil && (pf.WMO == "" || pf.Cycle < 0) {
			t.Fatalf("%q parsed to %+v", s, pf)
		}
	})
}

// TestRealSprof reads the NetCDF-4 synthetic BGC file; the figures were
// checked with ncdump.
func TestRealSprof(t *testing.T) {
	gdac := oceantest.GDAC(t)
	oceantest.NeedNetCDF4(t)
	f, err := netcdf.Open(filepath.Join(gdac, "dac/coriolis/3902131/3902131_Sprof.nc"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	profs, err := ReadProfiles(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(profs) != 162 {
		t.Fatalf("%d profiles, want 162", len(profs))
	}
	p := profs[0]
	// PARAMETER_DATA_MODE is "DDDR" everywhere: DOXY is real-time
	if p.WMO != "3902131" || p.Cycle != 1 || p.Direction != 'D' || p.DataMode != 'R' {
		t.Errorf("first profile %s cycle %d %c mode %c", p.WMO, p.Cycle, p.Direction, p.DataMode)
	}
	doxy := slices.Index(BGCParams[:], "DOXY")
	l0, l1 := p.Levels[0], p.Levels[1]
	if math.Abs(l0.Pres-13.1) > 1e-4 || math.Abs(l0.BGC[doxy]-193.055) > 1e-3 || l0.BGCQC[doxy] != '3' {
		t.Errorf("level 0: pres %v doxy %v qc %q", l0.Pres, l0.BGC[doxy], l0.BGCQC[doxy])
	}
	if !math.IsNaN(l0.BGCAdj[doxy]) || l0.BGCAdjQC[doxy] != 0 && l0.BGCAdjQC[doxy] != '3' && l0.BGCAdjQC[doxy] != '4' {
		t.Errorf("level 0: DOXY_ADJUSTED %v qc %q, want missing", l0.BGCAdj[doxy], l0.BGCAdjQC[doxy])
	}
	if math.Abs(l1.Pres-13.4) > 1e-4 || !math.IsNaN(l1.BGC[doxy]) || math.Abs(l1.Temp-28.419) > 1e-3 {
		t.Errorf("level 1: pres %v doxy %v temp %v", l1.Pres, l1.BGC[doxy], l1.Temp)
	}
	chla := slices.Index(BGCParams[:], "CHLA")
	if !math.IsNaN(l0.BGC[chla]) {
		t.Errorf("CHLA = %v in a file without CHLA", l0.BGC[chla])
	}
}
