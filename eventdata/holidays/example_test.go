package holidays_test

import (
	"context"
	"fmt"
	"time"

	"github.com/cairn-agents/cairn/eventdata"
	"github.com/cairn-agents/cairn/eventdata/holidays"
	"github.com/cairn-agents/cairn/understand"
)

// A profile (a city from the gazetteer, a month) asked of the holiday
// source: Cologne's carnival days and Germany's national holidays.
func ExampleSource() {
	cologne := understand.Place{Name: "Cologne", Kind: understand.KindCity, Region: "North Rhine-Westphalia",
		Country: "Germany", CountryCode: "DE"}
	from := time.Date(2026, time.February, 1, 0, 0, 0, 0, time.UTC)
	var src eventdata.Source = holidays.New(holidays.Options{})
	res, err := src.Search(context.Background(), eventdata.Query{Place: &cologne, From: from, To: from.AddDate(0, 1, 0),
		Keywords: []string{"carnival", "parade"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, h := range res.Hits {
		fmt.Printf("%s %s (%s)\n", h.Start, h.Title, h.Source.Origin)
	}
	// Output:
	// 2026-02-16 Rosenmontag (carnival days, Easter offsets by rickar/cal/v2)
	// 2026-02-12 Weiberfastnacht (carnival days, Easter offsets by rickar/cal/v2)
}
