package argo

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/cairn-agents/cairn/netcdf"
)

// Meta is the float metadata of a <wmo>_meta.nc file.
type Meta struct {
	WMO                  string
	PlatformType         string
	PlatformMaker        string
	WMOInstType          string
	ProjectName          string
	PIName               string
	DataCentre           string
	FloatOwner           string
	OperatingInstitution string
	LaunchDate           time.Time
	HasLaunchDate        bool
	LaunchLat, LaunchLon float64
	HasLaunchPosition    bool
	EndMissionDate       time.Time
	HasEndMission        bool
	EndMissionStatus     string
	Sensors              []string
	Parameters           []string
}

// VarError is a problem with one variable of a file.
type VarError struct {
	Var string
	Err error
}

func (e *VarError) Error() string { return fmt.Sprintf("variable %s: %v", e.Var, e.Err) }
func (e *VarError) Unwrap() error { return e.Err }

var errMissing = errors.New("missing")

// ReadMeta reads float metadata from an open <wmo>_meta.nc file.
func ReadMeta(f *netcdf.File) (Meta, error) {
	var m Meta
	s := func(name string, required bool) (string, error) {
		v, err := f.Strings(name)
		if err != nil {
			if !required && errors.Is(err, netcdf.ErrNoVar) {
				return "", nil
			}
			return "", &VarError{name, err}
		}
		return strings.Join(v, ""), nil
	}
	var err error
	if m.WMO, err = s("PLATFORM_NUMBER", true); err != nil {
		return m, err
	}
	if !isDigits(m.WMO) {
		return m, &VarError{"PLATFORM_NUMBER", fmt.Errorf("%w: %q is not a WMO number", ErrFormat, m.WMO)}
	}
	for _, fld := range []struct {
		dst  *string
		name string
	}{
		{&m.PlatformType, "PLATFORM_TYPE"}, {&m.PlatformMaker, "PLATFORM_MAKER"}, {&m.WMOInstType, "WMO_INST_TYPE"},
		{&m.ProjectName, "PROJECT_NAME"}, {&m.PIName, "PI_NAME"}, {&m.DataCentre, "DATA_CENTRE"},
		{&m.FloatOwner, "FLOAT_OWNER"}, {&m.OperatingInstitution, "OPERATING_INSTITUTION"},
		{&m.EndMissionStatus, "END_MISSION_STATUS"},
	} {
		if *fld.dst, err = s(fld.name, false); err != nil {
			return m, err
		}
	}
	updated, err := dateVar(f, "DATE_UPDATE", time.Time{}, "")
	if err != nil {
		return m, err
	}
	if m.LaunchDate, err = dateVar(f, "LAUNCH_DATE", updated, "the file's DATE_UPDATE"); err != nil {
		return m, err
	}
	m.HasLaunchDate = !m.LaunchDate.IsZero()
	if m.EndMissionDate, err = dateVar(f, "END_MISSION_DATE", updated, "the file's DATE_UPDATE"); err != nil {
		return m, err
	}
	m.HasEndMission = !m.EndMissionDate.IsZero()
	lat, err1 := scalar(f, "LAUNCH_LATITUDE")
	lon, err2 := scalar(f, "LAUNCH_LONGITUDE")
	if err := errors.Join(err1, err2); err != nil && !errors.Is(err, errMissing) {
		return m, err
	}
	if err1 == nil && err2 == nil {
		ok, err := checkPosition(lat, lon)
		if err != nil {
			return m, &VarError{"LAUNCH_LATITUDE/LAUNCH_LONGITUDE", fmt.Errorf("%w: %w", ErrFormat, err)}
		}
		if ok {
			m.LaunchLat, m.LaunchLon, m.HasLaunchPosition = lat, lon, true
		}
	}
	if m.Sensors, err = optStrings(f, "SENSOR"); err != nil {
		return m, err
	}
	if m.Parameters, err = optStrings(f, "PARAMETER"); err != nil {
		return m, err
	}
	return m, nil
}

// dateVar reads an optional YYYYMMDDhhmmss date variable: blank or
// absent is the zero time; one that does not parse, or fails checkDate,
// is an error naming the variable.
func dateVar(f *netcdf.File, name string, notAfter time.Time, after string) (time.Time, error) {
	v, err := f.Strings(name)
	if errors.Is(err, netcdf.ErrNoVar) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, &VarError{name, err}
	}
	d := strings.TrimSpace(strings.Join(v, ""))
	if d == "" {
		return time.Time{}, nil
	}
	t, err := parseDate(d)
	if err != nil {
		return time.Time{}, &VarError{name, fmt.Errorf("%w: %q is not a date (YYYYMMDDhhmmss)", ErrFormat, d)}
	}
	if err := checkDate(strings.ToLower(name), t, notAfter, after); err != nil {
		return time.Time{}, &VarError{name, fmt.Errorf("%w: %w", ErrFormat, err)}
	}
	return t, nil
}

func optStrings(f *netcdf.File, name string) ([]string, error) {
	v, err := f.Strings(name)
	if errors.Is(err, netcdf.ErrNoVar) {
		return nil, nil
	}
	if err != nil {
		return nil, &VarError{name, err}
	}
	out := v[:0]
	for _, s := range v {
		if s != "" {
			out = append(out, s)
		}
	}
	return out, nil
}

// scalar reads a one-value numeric variable; a fill value gives NaN.
func scalar(f *netcdf.File, name string) (float64, error) {
	v, err := f.Var(name)
	if err != nil {
		return math.NaN(), &VarError{name, errMissing}
	}
	vals, err := f.Float64s(name)
	if err != nil {
		return math.NaN(), &VarError{name, err}
	}
	if len(vals) == 0 {
		return math.NaN(), &VarError{name, errMissing}
	}
	if fv, ok := v.FillValue(); ok && vals[0] == fv {
		return math.NaN(), nil
	}
	return vals[0], nil
}

// BGCParams are the biogeochemical parameters read when a file has them.
var BGCParams = [...]string{"DOXY", "CHLA", "BBP700", "NITRATE", "PH_IN_SITU_TOTAL"}

// Profile is one vertical profile: its station and its levels.
type Profile struct {
	WMO         string
	Cycle       int
	Direction   byte // 'A' or 'D'
	DataMode    byte // 'R', 'A' or 'D'
	Time        time.Time
	HasTime     bool
	Lat, Lon    float64
	HasPosition bool
	PositionQC  byte
	Levels      []Level
}

// Level is one measurement level. Missing values are NaN, missing QC
// flags are 0.
type Level struct {
	Pres, Temp, Psal                float64
	PresAdj, TempAdj, PsalAdj       float64
	PresQC, TempQC, PsalQC          byte
	PresAdjQC, TempAdjQC, PsalAdjQC byte
	BGC                             [len(BGCParams)]float64
	BGCQC                           [len(BGCParams)]byte
	BGCAdj                          [len(BGCParams)]float64 // <PARAM>_ADJUSTED
	BGCAdjQC                        [len(BGCParams)]byte    // <PARAM>_ADJUSTED_QC
}

var argoEpoch = time.Date(1950, 1, 1, 0, 0, 0, 0, time.UTC)

// ReadProfiles reads every profile of an open Argo profile file: core multi-
// profile (<wmo>_prof.nc) or single-cycle (R/D<wmo>_<ccc>.nc), or a
// synthetic BGC file (<wmo>_Sprof.nc). A synthetic file has no DATA_MODE;
// its profiles take the least advanced of their PARAMETER_DATA_MODE
// entries (R before A before D). A profile whose time or position is not
// valid (see setStation) is left out and reported in a RecordErrors,
// returned with the valid profiles; a file whose structure is wrong is a
// *VarError and no profiles.
func ReadProfiles(f *netcdf.File) ([]Profile, error) {
	np, ok := f.Dim("N_PROF")
	if !ok {
		return nil, &VarError{"N_PROF", fmt.Errorf("%w: dimension missing", ErrFormat)}
	}
	nl, ok := f.Dim("N_LEVELS")
	if !ok {
		return nil, &VarError{"N_LEVELS", fmt.Errorf("%w: dimension missing", ErrFormat)}
	}
	n, L := int(np.Len), int(nl.Len)
	if n == 0 {
		return nil, nil
	}

	plat, err := stringsN(f, "PLATFORM_NUMBER", n)
	if err != nil {
		return nil, err
	}
	cycles, err := numbersN(f, "CYCLE_NUMBER", n, true)
	if err != nil {
		return nil, err
	}
	dir, err := charsN(f, "DIRECTION", n, true)
	if err != nil {
		return nil, err
	}
	mode, err := charsN(f, "DATA_MODE", n, false)
	if err != nil {
		return nil, err
	}
	if mode == nil {
		if mode, err = paramDataModes(f, n); err != nil {
			return nil, err
		}
	}
	juld, err := numbersN(f, "JULD", n, false)
	if err != nil {
		return nil, err
	}
	lat, err := numbersN(f, "LATITUDE", n, false)
	if err != nil {
		return nil, err
	}
	lon, err := numbersN(f, "LONGITUDE", n, false)
	if err != nil {
		return nil, err
	}
	posQC, err := charsN(f, "POSITION_QC", n, false)
	if err != nil {
		return nil, err
	}

	type param struct {
		vals []float64
		qc   []byte
	}
	level := func(name string, required bool) (param, error) {
		var p param
		var err error
		if p.vals, err = numbersN(f, name, n*L, required); err != nil || p.vals == nil {
			return p, err
		}
		p.qc, err = charsN(f, name+"_QC", n*L, false)
		return p, err
	}
	core := map[string]param{}
	for _, name := range []string{"PRES", "TEMP", "PSAL", "PRES_ADJUSTED", "TEMP_ADJUSTED", "PSAL_ADJUSTED"} {
		p, err := level(name, name == "PRES")
		if err != nil {
			return nil, err
		}
		core[name] = p
	}
	var bgc, bgcAdj [len(BGCParams)]param
	for i, name := range BGCParams {
		if bgc[i], err = level(name, false); err != nil {
			return nil, err
		}
		if bgcAdj[i], err = level(name+"_ADJUSTED", false); err != nil {
			return nil, err
		}
	}

	at := func(p param, k int) (float64, byte) {
		v, q := math.NaN(), byte(0)
		if p.vals != nil {
			v = p.vals[k]
		}
		if p.qc != nil && p.qc[k] != ' ' && p.qc[k] != 0 {
			q = p.qc[k]
		}
		return v, q
	}
	updated, err := dateVar(f, "DATE_UPDATE", time.Time{}, "")
	if err != nil {
		return nil, err
	}
	out := make([]Profile, 0, n)
	var bad RecordErrors
	for i := range n {
		p := Profile{WMO: plat[i], Cycle: -1, Direction: dir[i], DataMode: mode[i]}
		if !isDigits(p.WMO) {
			return nil, &VarError{"PLATFORM_NUMBER", fmt.Errorf("%w: profile %d has %q", ErrFormat, i, p.WMO)}
		}
		if !math.IsNaN(cycles[i]) {
			p.Cycle = int(cycles[i])
		}
		if p.Cycle < 0 {
			return nil, &VarError{"CYCLE_NUMBER", fmt.Errorf("%w: profile %d has no cycle number", ErrFormat, i)}
		}
		if p.Direction != 'A' && p.Direction != 'D' {
			return nil, &VarError{"DIRECTION", fmt.Errorf("%w: profile %d has %q", ErrFormat, i, p.Direction)}
		}
		if p.DataMode != 'R' && p.DataMode != 'A' && p.DataMode != 'D' {
			return nil, &VarError{"DATA_MODE", fmt.Errorf("%w: profile %d has %q", ErrFormat, i, p.DataMode)}
		}
		if err := p.setStation(juld, lat, lon, posQC, i, updated); err != nil {
			bad = append(bad, RecordError{fmt.Sprintf("profile %d (cycle %d)", i+1, p.Cycle), err})
			continue
		}
		for l := range L {
			k := i*L + l
			var lv Level
			lv.Pres, lv.PresQC = at(core["PRES"], k)
			if math.IsNaN(lv.Pres) {
				continue // no pressure, no level
			}
			lv.Temp, lv.TempQC = at(core["TEMP"], k)
			lv.Psal, lv.PsalQC = at(core["PSAL"], k)
			lv.PresAdj, lv.PresAdjQC = at(core["PRES_ADJUSTED"], k)
			lv.TempAdj, lv.TempAdjQC = at(core["TEMP_ADJUSTED"], k)
			lv.PsalAdj, lv.PsalAdjQC = at(core["PSAL_ADJUSTED"], k)
			for b := range bgc {
				lv.BGC[b], lv.BGCQC[b] = at(bgc[b], k)
				lv.BGCAdj[b], lv.BGCAdjQC[b] = at(bgcAdj[b], k)
			}
			p.Levels = append(p.Levels, lv)
		}
		out = append(out, p)
	}
	if len(bad) > 0 {
		return out, bad
	}
	return out, nil
}

// setStation sets profile i's time, position and position QC from the
// file's JULD, LATITUDE, LONGITUDE and POSITION_QC (nil when absent),
// validated: a fill value is missing; a time before 1950 or after the
// file's DATE_UPDATE, a position out of range or a QC flag that is not
// one is an error.
func (p *Profile) setStation(juld, lat, lon []float64, posQC []byte, i int, updated time.Time) error {
	if juld != nil && !math.IsNaN(juld[i]) {
		j := juld[i]
		if j < 0 || j > 200*365 {
			return fmt.Errorf("JULD %v is not a date in days since 1950-01-01", j)
		}
		p.Time = argoEpoch.Add(time.Duration(j * 24 * float64(time.Hour))).Round(time.Second)
		if err := checkDate("JULD", p.Time, updated, "the file's DATE_UPDATE"); err != nil {
			return err
		}
		p.HasTime = true
	}
	if lat != nil && lon != nil {
		ok, err := checkPosition(lat[i], lon[i])
		if err != nil {
			return err
		}
		if ok {
			p.Lat, p.Lon, p.HasPosition = lat[i], lon[i], true
		}
	}
	if posQC != nil {
		switch q := posQC[i]; {
		case q == ' ' || q == 0:
		case q >= '0' && q <= '9':
			p.PositionQC = q
		default:
			return fmt.Errorf("POSITION_QC %q is not a QC flag (0-9)", q)
		}
	}
	return nil
}

// paramDataModes gives each of n profiles the least advanced data mode of
// its PARAMETER_DATA_MODE (N_PROF, N_PARAM) entries, blanks ignored.
func paramDataModes(f *netcdf.File, n int) ([]byte, error) {
	const name = "PARAMETER_DATA_MODE"
	v, err := f.Var(name)
	if err != nil {
		return nil, &VarError{"DATA_MODE", fmt.Errorf("%w: required variable missing (and no %s)", ErrFormat, name)}
	}
	if v.Type != netcdf.Char || len(v.Dims) != 2 || v.Dims[0].Len != int64(n) {
		return nil, &VarError{name, fmt.Errorf("%w: want char (N_PROF=%d, N_PARAM), got %s %v", ErrFormat, n, v.Type, v.Shape())}
	}
	raw, err := f.Values(v)
	if err != nil {
		return nil, &VarError{name, err}
	}
	b, np := raw.([]byte), int(v.Dims[1].Len)
	order := map[byte]int{'R': 1, 'A': 2, 'D': 3}
	out := make([]byte, n)
	for i := range n {
		for _, m := range b[i*np : (i+1)*np] {
			if order[m] > 0 && (out[i] == 0 || order[m] < order[out[i]]) {
				out[i] = m
			}
		}
	}
	return out, nil
}

// numbersN reads a numeric variable of n values, fill values as NaN. A
// missing optional variable gives nil.
func numbersN(f *netcdf.File, name string, n int, required bool) ([]float64, error) {
	v, err := f.Var(name)
	if err != nil {
		if required {
			return nil, &VarError{name, fmt.Errorf("%w: required variable missing", ErrFormat)}
		}
		return nil, nil
	}
	vals, err := f.Float64s(name)
	if err != nil {
		return nil, &VarError{name, err}
	}
	if len(vals) != n {
		return nil, &VarError{name, fmt.Errorf("%w: %d values, want %d", ErrFormat, len(vals), n)}
	}
	fill, hasFill := v.FillValue()
	for i, x := range vals {
		if (hasFill && x == fill) || math.IsInf(x, 0) || math.Abs(x) >= 99999 {
			vals[i] = math.NaN()
		}
	}
	return vals, nil
}

// charsN reads a char variable of n single characters.
func charsN(f *netcdf.File, name string, n int, required bool) ([]byte, error) {
	v, err := f.Var(name)
	if err != nil {
		if required {
			return nil, &VarError{name, fmt.Errorf("%w: required variable missing", ErrFormat)}
		}
		return nil, nil
	}
	if v.Type != netcdf.Char {
		return nil, &VarError{name, fmt.Errorf("%w: type %s, want char", ErrFormat, v.Type)}
	}
	raw, err := f.Values(v)
	if err != nil {
		return nil, &VarError{name, err}
	}
	b := raw.([]byte)
	if len(b) != n {
		return nil, &VarError{name, fmt.Errorf("%w: %d values, want %d", ErrFormat, len(b), n)}
	}
	return b, nil
}

// stringsN reads a char variable of n strings.
func stringsN(f *netcdf.File, name string, n int) ([]string, error) {
	s, err := f.Strings(name)
	if err != nil {
		if errors.Is(err, netcdf.ErrNoVar) {
			return nil, &VarError{name, fmt.Errorf("%w: required variable missing", ErrFormat)}
		}
		return nil, &VarError{name, err}
	}
	if len(s) != n {
		return nil, &VarError{name, fmt.Errorf("%w: %d strings, want %d", ErrFormat, len(s), n)}
	}
	return s, nil
}
