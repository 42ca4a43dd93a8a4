package roadtrip_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"strings"

	"github.com/cairn-agents/cairn/apps/roadtrip"
	"github.com/cairn-agents/cairn/apps/roadtrip/locnav"
	"github.com/cairn-agents/cairn/geo"
	"github.com/cairn-agents/cairn/geo/assets"
	"github.com/cairn-agents/cairn/geo/mapstool"
)

// The planner on the offline maps, reached over MCP, with no model: the
// policies decide. Set Options.Models (e.g. an llm.Roles) to ask models.
func Example() {
	ctx := context.Background()
	eng, err := geo.Open(ctx, geo.Options{Base: assets.FS})
	if err != nil {
		log.Fatal(err)
	}
	tools, stop, err := mapstool.Serve(ctx, eng, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer stop()
	// The gazetteer reads the question's places; the regions the maps
	// cover are preferred for names the question does not place.
	g := geo.NewGazetteer(eng)
	p, err := roadtrip.New(tools, roadtrip.Options{Gazetteer: g, Prefer: g.Covered()})
	if err != nil {
		log.Fatal(err)
	}
	res, err := p.Solve(ctx, locnav.Task{
		Question:     "I live in Newark, Delaware. My friend lives in Milford, Delaware. Find a single 'restaurant' with equal driving times from both of us.",
		OutputFormat: json.RawMessage(`{"stops":[{"name":"NAME","place id":"Place ID"}]}`),
	})
	if err != nil {
		log.Fatal(err)
	}
	// res.Answer is bare JSON in the output format; res.Notes say what
	// the data could not give.
	var answer struct {
		Stops []struct {
			Name    string `json:"name"`
			PlaceID string `json:"place id"`
		} `json:"stops"`
	}
	if err := json.Unmarshal(res.Answer, &answer); err != nil {
		log.Fatal(err)
	}
	for _, s := range answer.Stops {
		// Names and place IDs come from the run's tool results; offline,
		// places are OpenStreetMap elements.
		fmt.Println(s.Name != "", strings.HasPrefix(s.PlaceID, "osm:"))
	}
	// Output:
	// true true
}
