package index

import (
	"strings"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/search/query"
	bindex "github.com/blevesearch/bleve_index_api"

	"github.com/cairn-agents/cairn/eventdata"
)

// doc is what bleve indexes of a record: text fields analysed in
// English, and the keyword fields the filters use.
type doc struct {
	Title       string   `json:"title"`
	Description string   `json:"description"`
	Topics      []string `json:"topics"`
	Venue       string   `json:"venue"`
	City        string   `json:"city"`
	Country     string   `json:"country"`
	Kind        string   `json:"kind"`
	CountryCode string   `json:"country_code"`
	Start       string   `json:"start"`
	End         string   `json:"end"`
}

func docOf(r eventdata.Record) doc {
	city := r.City
	if r.Region != "" {
		city += " " + r.Region
	}
	return doc{Title: r.Title, Description: r.Description, Topics: r.Topics, Venue: r.Venue, City: city,
		Country: r.Country, Kind: string(r.Kind), CountryCode: strings.ToUpper(r.CountryCode), Start: r.Start, End: r.End}
}

// textFields are searched by Text and Keywords, with their boosts: a
// word of the title says more than one of the description.
var textFields = []struct {
	name  string
	boost float64
}{{"title", 3}, {"topics", 2}, {"kind", 1.5}, {"venue", 1}, {"city", 1}, {"country", 1}, {"description", 1}}

// newMapping is the index mapping: BM25 scoring, English text, keyword
// filters.
func newMapping() mapping.IndexMapping {
	m := bleve.NewIndexMapping()
	m.ScoringModel = bindex.BM25Scoring
	m.DefaultAnalyzer = "en"
	d := bleve.NewDocumentStaticMapping()
	for _, f := range textFields {
		fm := bleve.NewTextFieldMapping()
		fm.Analyzer = "en"
		fm.Store = false
		fm.IncludeInAll = false
		d.AddFieldMappingsAt(f.name, fm)
	}
	for _, name := range []string{"country_code", "start", "end"} {
		fm := bleve.NewKeywordFieldMapping()
		fm.Store = false
		fm.IncludeInAll = false
		d.AddFieldMappingsAt(name, fm)
	}
	m.DefaultMapping = d
	return m
}

// buildQuery is q as a bleve query: Text must match one word in some
// field, Keywords rank, and the days and country filter. The exact
// place and online filters are eventdata.Query's, applied to the hits.
func buildQuery(q eventdata.Query) query.Query {
	b := bleve.NewBooleanQuery()
	var filters []query.Query
	if text := strings.TrimSpace(q.Text); text != "" {
		filters = append(filters, textQuery(text, 1))
	}
	first, last := q.Days()
	yes := true
	if last != "" {
		filters = append(filters, rangeQuery("start", "", last, &yes))
	}
	if first != "" {
		filters = append(filters, rangeQuery("end", first, "", &yes))
	}
	if p := q.Place; p != nil && q.Radius == 0 && p.CountryCode != "" {
		t := bleve.NewTermQuery(strings.ToUpper(p.CountryCode))
		t.SetField("country_code")
		filters = append(filters, t)
	}
	if len(filters) == 0 {
		filters = append(filters, bleve.NewMatchAllQuery())
	}
	b.AddMust(filters...)
	for _, k := range q.Keywords {
		if k = strings.TrimSpace(k); k != "" {
			b.AddShould(textQuery(k, 0.5))
		}
	}
	return b
}

func textQuery(text string, boost float64) query.Query {
	var qs []query.Query
	for _, f := range textFields {
		m := bleve.NewMatchQuery(text)
		m.SetField(f.name)
		m.SetBoost(f.boost * boost)
		qs = append(qs, m)
	}
	return bleve.NewDisjunctionQuery(qs...)
}

func rangeQuery(field, min, max string, inclusive *bool) query.Query {
	r := bleve.NewTermRangeInclusiveQuery(min, max, inclusive, inclusive)
	r.SetField(field)
	return r
}
