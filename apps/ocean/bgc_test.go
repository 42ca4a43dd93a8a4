package ocean

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cairn-agents/cairn/internal/oceantest"
	"github.com/cairn-agents/cairn/netcdf"
	"github.com/cairn-agents/cairn/ocean/argo"
)

// sprofLayerMean is the mean raw DOXY with QC 1–3 at pressures ≤ 20 dbar of
// one ascending cycle, read straight from the Sprof file: an answer's
// figures are checked against the NetCDF data, not against the store.
func sprofLayerMean(t *testing.T, cycle int) float64 {
	t.Helper()
	f, err := netcdf.Open(filepath.Join(oceantest.GDAC(t), "dac/coriolis/3902131/3902131_Sprof.nc"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	profs, err := argo.ReadProfiles(f)
	if err != nil {
		t.Fatal(err)
	}
	d := slices.Index(argo.BGCParams[:], "DOXY")
	var sum float64
	var n int
	for _, p := range profs {
		if p.Cycle != cycle || p.Direction != 'A' {
			continue
		}
		for _, l := range p.Levels {
			pres := l.PresAdj
			if math.IsNaN(pres) {
				pres = l.Pres
			}
			// the store keeps values as float32
			if float32(pres) <= 20 && !math.IsNaN(l.BGC[d]) && strings.IndexByte("123", l.BGCQC[d]) >= 0 {
				sum += float64(float32(l.BGC[d]))
				n++
			}
		}
	}
	if n == 0 {
		t.Fatalf("cycle %d has no near-surface DOXY", cycle)
	}
	return sum / float64(n)
}

func TestAskOxygenChange(t *testing.T) {
	oceantest.NeedNetCDF4(t)
	a := newApp(t, Options{})
	r := ask(t, a, "How has dissolved oxygen changed for float 3902131?")
	if !r.Dispatch.Has(agentDuckDB) {
		t.Fatalf("routing = %+v", r.Dispatch)
	}
	first, last := sprofLayerMean(t, 1), sprofLayerMean(t, 161)
	for _, frag := range []string{
		// ncdump: 56835 DOXY values, 6 of them absurd (|DOXY| >= 99999, read
		// as missing); all real time (PARAMETER_DATA_MODE R), none adjusted
		"Float 3902131 has 56829 dissolved oxygen (DOXY) values in 162 profiles",
		"0 of them adjusted; BGC data mode R (real time)",
		"54912 probably bad (3)",
		"near-surface (≤20 dbar, raw real-time values, QC 3: not yet adjusted, use with care) dissolved oxygen (DOXY)",
		fmt.Sprintf("%.3f µmol/kg at cycle 1 (2018-03-15)", first),
		fmt.Sprintf("%.3f µmol/kg at cycle 161 (2021-02-27)", last),
		fmt.Sprintf("a change of %+.3f µmol/kg", last-first),
		"per year over",
	} {
		if !strings.Contains(r.Response, frag) {
			t.Errorf("answer lacks %q:\n%s", frag, r.Response)
		}
	}
}

func TestAskOxygenAtDepth(t *testing.T) {
	oceantest.NeedNetCDF4(t)
	a := newApp(t, Options{})
	r := ask(t, a, "How has oxygen at 1000 m changed for float 3902131?")
	if !strings.Contains(r.Response, "at 1000±50 dbar (raw real-time values, QC 3") || !strings.Contains(r.Response, "dissolved oxygen (DOXY): ") {
		t.Errorf("answer has no oxygen at depth:\n%s", r.Response)
	}
}

func TestAskOxygenOfCoreOnlyFloat(t *testing.T) {
	a := newApp(t, Options{})
	r := ask(t, a, "How has dissolved oxygen changed for float 2902269?")
	if !strings.Contains(r.Response, "Float 2902269 has no stored dissolved oxygen (DOXY) values: no synthetic BGC (Sprof) file") {
		t.Errorf("answer does not say the oxygen data are missing:\n%s", r.Response)
	}
	if strings.Contains(r.Response, "µmol/kg") {
		t.Errorf("answer gives oxygen figures for a float without oxygen data:\n%s", r.Response)
	}
}

func TestAskedBGC(t *testing.T) {
	for q, want := range map[string]string{
		"How has dissolved oxygen changed for float 3902131?": "doxy",
		"DOXY and chlorophyll of 3902131":                     "doxy,chla",
		"nitrate and pH trends":                               "nitrate,ph_in_situ_total",
		"backscatter (bbp700) near the surface":               "bbp700",
		"phytoplankton graph of temperature":                  "",
	} {
		var got []string
		for _, p := range askedBGC(q) {
			got = append(got, p.col)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("askedBGC(%q) = %v, want %s", q, got, want)
		}
	}
}

// TestEveryStoredBGCParameterIsAnalysed: each BGC parameter the store
// keeps has words, a name and (but pH) a unit for the profile agent and
// the SQL prompt; a parameter added to argo.BGCParams fails here first.
func TestEveryStoredBGCParameterIsAnalysed(t *testing.T) {
	prompts, err := renderSystemPrompts()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range argo.BGCParams {
		col := strings.ToLower(p)
		i := slices.IndexFunc(bgcParams, func(b bgcParam) bool { return b.col == col })
		if i < 0 {
			t.Errorf("%s: no bgcParams entry", p)
			continue
		}
		if b := bgcParams[i]; b.name == "" || (b.unit == "" && col != "ph_in_situ_total") {
			t.Errorf("%s: name %q, unit %q", p, b.name, b.unit)
		} else if b.unit != "" && !strings.Contains(prompts.sql, col+" REAL "+b.unit) {
			t.Errorf("SQL prompt lacks %s's unit %s", col, b.unit)
		}
	}
}
