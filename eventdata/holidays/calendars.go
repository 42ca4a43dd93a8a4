// Code written from the packages of github.com/rickar/cal/v2 v2.1.13; a new
// country package is one line here.

package holidays

import (
	"github.com/rickar/cal/v2/ar"
	"github.com/rickar/cal/v2/at"
	"github.com/rickar/cal/v2/au"
	"github.com/rickar/cal/v2/be"
	"github.com/rickar/cal/v2/bg"
	"github.com/rickar/cal/v2/br"
	"github.com/rickar/cal/v2/ca"
	"github.com/rickar/cal/v2/ch"
	"github.com/rickar/cal/v2/cz"
	"github.com/rickar/cal/v2/de"
	"github.com/rickar/cal/v2/dk"
	"github.com/rickar/cal/v2/es"
	"github.com/rickar/cal/v2/fr"
	"github.com/rickar/cal/v2/gb"
	"github.com/rickar/cal/v2/gr"
	"github.com/rickar/cal/v2/hr"
	"github.com/rickar/cal/v2/ie"
	"github.com/rickar/cal/v2/it"
	"github.com/rickar/cal/v2/jp"
	"github.com/rickar/cal/v2/lt"
	"github.com/rickar/cal/v2/lv"
	"github.com/rickar/cal/v2/mw"
	"github.com/rickar/cal/v2/nl"
	"github.com/rickar/cal/v2/no"
	"github.com/rickar/cal/v2/nz"
	"github.com/rickar/cal/v2/pl"
	"github.com/rickar/cal/v2/ro"
	"github.com/rickar/cal/v2/ru"
	"github.com/rickar/cal/v2/se"
	"github.com/rickar/cal/v2/si"
	"github.com/rickar/cal/v2/sk"
	"github.com/rickar/cal/v2/ua"
	"github.com/rickar/cal/v2/us"
	"github.com/rickar/cal/v2/za"
)

// calendars are the countries rickar/cal/v2 computes, with the regions
// that have lists of their own. Region names are GeoNames' first (the
// names the gazetteer gives a place's region), then local ones.
var calendars = []calendar{
	{pkg: "ar", code: "AR", country: "Argentina", national: ar.Holidays},
	{pkg: "at", code: "AT", country: "Austria", national: at.Holidays},
	{pkg: "au", code: "AU", country: "Australia", national: nil, regions: []region{
		{code: "ACT", names: []string{"Australian Capital Territory"}, holidays: au.HolidaysACT},
		{code: "NSW", names: []string{"New South Wales"}, holidays: au.HolidaysNSW},
		{code: "NT", names: []string{"Northern Territory"}, holidays: au.HolidaysNT},
		{code: "QLD", names: []string{"Queensland"}, holidays: au.HolidaysQLD},
		{code: "SA", names: []string{"South Australia"}, holidays: au.HolidaysSA},
		{code: "TAS", names: []string{"Tasmania"}, holidays: au.HolidaysTAS},
		{code: "VIC", names: []string{"Victoria"}, holidays: au.HolidaysVIC},
		{code: "WA", names: []string{"Western Australia"}, holidays: au.HolidaysWA},
	}},
	{pkg: "be", code: "BE", country: "Belgium", national: be.Holidays},
	{pkg: "bg", code: "BG", country: "Bulgaria", national: bg.Holidays},
	{pkg: "br", code: "BR", country: "Brazil", national: br.Holidays},
	{pkg: "ca", code: "CA", country: "Canada", national: ca.Holidays},
	{pkg: "ch", code: "CH", country: "Switzerland", national: ch.Holidays, regions: []region{
		{code: "ZH", names: []string{"Zurich", "Zürich"}, holidays: ch.HolidaysZH},
		{code: "BE", names: []string{"Bern", "Berne"}, holidays: ch.HolidaysBE},
		{code: "LU", names: []string{"Lucerne", "Luzern"}, holidays: ch.HolidaysLU},
		{code: "UR", names: []string{"Uri"}, holidays: ch.HolidaysUR},
		{code: "SZ", names: []string{"Schwyz"}, holidays: ch.HolidaysSZ},
		{code: "OW", names: []string{"Obwalden"}, holidays: ch.HolidaysOW},
		{code: "NW", names: []string{"Nidwalden"}, holidays: ch.HolidaysNW},
		{code: "GL", names: []string{"Glarus"}, holidays: ch.HolidaysGL},
		{code: "ZG", names: []string{"Zug"}, holidays: ch.HolidaysZG},
		{code: "FR", names: []string{"Fribourg", "Freiburg"}, holidays: ch.HolidaysFR},
		{code: "SO", names: []string{"Solothurn"}, holidays: ch.HolidaysSO},
		{code: "BS", names: []string{"Basel-City", "Basel-Stadt"}, holidays: ch.HolidaysBS},
		{code: "BL", names: []string{"Basel-Landschaft", "Basel-Land"}, holidays: ch.HolidaysBL},
		{code: "SH", names: []string{"Schaffhausen"}, holidays: ch.HolidaysSH},
		{code: "AR", names: []string{"Appenzell Ausserrhoden"}, holidays: ch.HolidaysAR},
		{code: "AI", names: []string{"Appenzell Innerrhoden"}, holidays: ch.HolidaysAI},
		{code: "SG", names: []string{"Saint Gallen", "St. Gallen"}, holidays: ch.HolidaysSG},
		{code: "GR", names: []string{"Grisons", "Graubünden"}, holidays: ch.HolidaysGR},
		{code: "AG", names: []string{"Aargau"}, holidays: ch.HolidaysAG},
		{code: "TG", names: []string{"Thurgau"}, holidays: ch.HolidaysTG},
		{code: "VD", names: []string{"Vaud"}, holidays: ch.HolidaysVD},
		{code: "TI", names: []string{"Ticino"}, holidays: ch.HolidaysTI},
		{code: "VS", names: []string{"Valais", "Wallis"}, holidays: ch.HolidaysVS},
		{code: "NE", names: []string{"Neuchâtel", "Neuchatel"}, holidays: ch.HolidaysNE},
		{code: "GE", names: []string{"Geneva", "Genève"}, holidays: ch.HolidaysGE},
		{code: "JU", names: []string{"Jura"}, holidays: ch.HolidaysJU},
	}},
	{pkg: "cz", code: "CZ", country: "Czechia", national: cz.Holidays},
	{pkg: "de", code: "DE", country: "Germany", national: de.Holidays, regions: []region{
		{code: "BW", names: []string{"Baden-Wurttemberg", "Baden-Württemberg"}, holidays: de.HolidaysBW},
		{code: "BY", names: []string{"Bavaria", "Bayern"}, holidays: de.HolidaysBY},
		{code: "BE", names: []string{"State of Berlin", "Berlin"}, holidays: de.HolidaysBE},
		{code: "BB", names: []string{"Brandenburg"}, holidays: de.HolidaysBB},
		{code: "HB", names: []string{"City state Bremen", "Bremen"}, holidays: de.HolidaysHB},
		{code: "HH", names: []string{"Hamburg"}, holidays: de.HolidaysHH},
		{code: "HE", names: []string{"Hesse", "Hessen"}, holidays: de.HolidaysHE},
		{code: "MV", names: []string{"Mecklenburg-Vorpommern", "Mecklenburg-Western Pomerania"}, holidays: de.HolidaysMV},
		{code: "NI", names: []string{"Lower Saxony", "Niedersachsen"}, holidays: de.HolidaysNI},
		{code: "NW", names: []string{"North Rhine-Westphalia", "Nordrhein-Westfalen"}, holidays: de.HolidaysNW},
		{code: "RP", names: []string{"Rheinland-Pfalz", "Rhineland-Palatinate"}, holidays: de.HolidaysRP},
		{code: "SL", names: []string{"Saarland"}, holidays: de.HolidaysSL},
		{code: "SN", names: []string{"Saxony", "Sachsen"}, holidays: de.HolidaysSN},
		{code: "ST", names: []string{"Saxony-Anhalt", "Sachsen-Anhalt"}, holidays: de.HolidaysST},
		{code: "SH", names: []string{"Schleswig-Holstein"}, holidays: de.HolidaysSH},
		{code: "TH", names: []string{"Thuringia", "Thüringen"}, holidays: de.HolidaysTH},
	}},
	{pkg: "dk", code: "DK", country: "Denmark", national: dk.Holidays},
	{pkg: "es", code: "ES", country: "Spain", national: es.Holidays},
	{pkg: "fr", code: "FR", country: "France", national: fr.Holidays},
	{pkg: "gb", code: "GB", country: "United Kingdom", national: gb.Holidays},
	{pkg: "gr", code: "GR", country: "Greece", national: gr.Holidays},
	{pkg: "hr", code: "HR", country: "Croatia", national: hr.Holidays},
	{pkg: "ie", code: "IE", country: "Ireland", national: ie.Holidays},
	{pkg: "it", code: "IT", country: "Italy", national: it.Holidays},
	{pkg: "jp", code: "JP", country: "Japan", national: jp.Holidays},
	{pkg: "lt", code: "LT", country: "Lithuania", national: lt.Holidays},
	{pkg: "lv", code: "LV", country: "Latvia", national: lv.Holidays},
	{pkg: "mw", code: "MW", country: "Malawi", national: mw.Holidays},
	{pkg: "nl", code: "NL", country: "Netherlands", national: nl.Holidays},
	{pkg: "no", code: "NO", country: "Norway", national: no.Holidays},
	{pkg: "nz", code: "NZ", country: "New Zealand", national: nz.Holidays},
	{pkg: "pl", code: "PL", country: "Poland", national: pl.Holidays},
	{pkg: "ro", code: "RO", country: "Romania", national: ro.Holidays},
	{pkg: "ru", code: "RU", country: "Russia", national: ru.Holidays},
	{pkg: "se", code: "SE", country: "Sweden", national: se.Holidays},
	{pkg: "si", code: "SI", country: "Slovenia", national: si.Holidays},
	{pkg: "sk", code: "SK", country: "Slovakia", national: sk.Holidays},
	{pkg: "ua", code: "UA", country: "Ukraine", national: ua.Holidays},
	{pkg: "us", code: "US", country: "United States", national: us.Holidays},
	{pkg: "za", code: "ZA", country: "South Africa", national: za.Holidays},
}
