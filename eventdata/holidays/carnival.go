package holidays

import (
	"strings"

	"github.com/rickar/cal/v2"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/understand"
)

// extra is an observance rickar/cal/v2 has no list for, defined with its
// own rules: a day (or Days days) counted from Easter by
// cal.CalcEasterOffset.
type extra struct {
	country string
	// regions are where it is kept (GeoNames names, then local ones,
	// per region); none for the whole country.
	regions [][]string
	h       *cal.Holiday
	days    int
	desc    string
}

// carnivalOrigin names these in Provenance.Origin.
const carnivalOrigin = "carnival days, Easter offsets by " + calendarModule

func easter(name string, offset int) *cal.Holiday {
	return &cal.Holiday{Name: name, Type: cal.ObservanceOther, Offset: offset, Func: cal.CalcEasterOffset}
}

// carnival are the carnival days, the street festivals of the weeks
// before Lent, by their fixed distance from Easter.
var carnival = []extra{
	{country: "DE", regions: [][]string{{"North Rhine-Westphalia", "Nordrhein-Westfalen"}, {"Rheinland-Pfalz", "Rhineland-Palatinate"}},
		h: easter("Weiberfastnacht", -52), desc: "carnival Thursday, the start of street carnival"},
	{country: "DE", regions: [][]string{{"North Rhine-Westphalia", "Nordrhein-Westfalen"}, {"Rheinland-Pfalz", "Rhineland-Palatinate"}},
		h: easter("Rosenmontag", -48), desc: "carnival Monday, the day of the carnival parades"},
	{country: "AT", h: easter("Faschingsdienstag", -47), desc: "Shrove Tuesday, the last day of carnival (Fasching)"},
	{country: "CH", regions: [][]string{{"Basel-City", "Basel-Stadt"}}, h: easter("Basler Fasnacht", -41), days: 3,
		desc: "Basel carnival, Monday to Thursday morning after Ash Wednesday"},
	{country: "GB", h: easter("Shrove Tuesday", -47), desc: "Shrove Tuesday (Pancake Day), the day before Lent"},
	{country: "IE", h: easter("Shrove Tuesday", -47), desc: "Shrove Tuesday (Pancake Tuesday), the day before Lent"},
	{country: "US", regions: [][]string{{"Louisiana"}}, h: easter("Mardi Gras", -47), desc: "Fat Tuesday, the last day of carnival"},
	{country: "IT", h: easter("Martedì grasso", -47), desc: "Shrove Tuesday, the last day of carnival (Carnevale)"},
	{country: "ES", h: easter("Martes de Carnaval", -47), desc: "carnival Tuesday, the last day of carnival"},
	{country: "FR", h: easter("Mardi gras", -47), desc: "Shrove Tuesday, the last day of carnival"},
	{country: "BE", h: easter("Mardi gras", -47), desc: "Shrove Tuesday, the last day of carnival"},
	{country: "NL", regions: [][]string{{"Limburg"}, {"North Brabant", "Noord-Brabant"}}, h: easter("Carnaval", -49), days: 3,
		desc: "carnival, Sunday to Shrove Tuesday"},
}

// record is x in year for place p: false when p lies outside x's regions.
func (x extra) record(c calendar, year int, p *understand.Place) (eventdata.Record, bool) {
	in := x.regions
	if p != nil && p.Kind != understand.KindCountry && len(x.regions) > 0 {
		in = nil
		name := p.Region
		if p.Kind == understand.KindRegion && name == "" {
			name = p.Name
		}
		for _, names := range x.regions {
			for _, n := range names {
				if name != "" && understand.Normalize(n) == understand.Normalize(name) {
					in = [][]string{names}
				}
			}
		}
		if in == nil {
			return eventdata.Record{}, false
		}
	}
	_, day := x.h.Calc(year)
	if day.IsZero() {
		return eventdata.Record{}, false
	}
	end := day.AddDate(0, 0, max(x.days, 1)-1)
	r := eventdata.Record{Title: x.h.Name, Kind: eventdata.KindObservance,
		Start: day.Format(eventdata.DateLayout), End: end.Format(eventdata.DateLayout),
		Country: c.country, CountryCode: c.code}
	names := make([]string, len(in))
	for i, n := range in {
		names[i] = n[0]
	}
	where := c.country
	if len(names) > 0 {
		where = strings.Join(names, ", ") + ", " + c.country
	}
	if len(names) == 1 {
		r.Region = names[0]
	}
	r.Description = x.desc + "; in " + where
	r.Source = eventdata.Provenance{Source: Name, Origin: carnivalOrigin,
		ID:      c.pkg + ":carnival:" + x.h.Name + ":" + r.Start,
		Snippet: x.h.Name + ", " + r.Start + ": " + r.Description + " (" + carnivalOrigin + ")"}
	r.SetKey()
	return r, true
}
