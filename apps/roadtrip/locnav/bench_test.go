package locnav

import (
	"context"
	"encoding/json"
	"testing"
)

// benchTasks are scoring workloads against the offline engine: a stop
// task (search by name, details, types, country), an even-stops task
// (distance matrix legs) and a road trip (elevation by address).
func benchTasks(b *testing.B) ([]Task, []string) {
	cafe := findable(b, "cafe in Middletown")[0]
	vp := findable(b, "viewpoint in Ordino")[0]
	stops := stopsJSON(cafe)
	legs := json.RawMessage(`{"place1":"Wilmington, DE","place2":"Dover, DE","mode":"driving","threshold":0.1}`)
	return []Task{
		{ID: "stop", Evaluators: []Evaluator{
			{Func: "json"},
			{Func: "json -> get(stops) -> len", Op: "=", Value: json.RawMessage("1")},
			{Func: "json -> get(stops)", Op: "google_maps.is_a_validate_stop"},
			{Func: "json -> get(stops)", Op: "google_maps.validate_stop_type", OpArgs: json.RawMessage(`["cafe"]`)},
			{Func: "json -> get(stops)", Op: "google_maps.places_in_country", OpArgs: json.RawMessage(`"United States"`)},
			{Func: "json -> get(stops)", Op: "google_maps.validate_stop_rating", OpArgs: json.RawMessage(`4.2`)},
		}},
		{ID: "legs", Evaluators: []Evaluator{
			{Func: "json -> get(stops)", Op: "google_maps.compare_distance_between_stops", OpArgs: legs},
			{Func: "json -> get(stops)", Op: "google_maps.compare_distance_with_and_wo_stops", OpArgs: legs},
			{Func: "json -> get(stops)", Op: "google_maps.compare_time_of_middle_point",
				OpArgs: json.RawMessage(`{"place1":{"place":"Wilmington, DE","mode":"driving"},"place2":{"place":"Dover, DE","mode":"driving"},"threshold":0.1}`)},
		}},
		{ID: "trip", Evaluators: []Evaluator{
			{Func: "json -> get(routes) -> len", Op: "=", Value: json.RawMessage("1")},
			{Func: "json -> get(routes) -> foreach -> get(cities_visited) -> len", Op: "=", Value: json.RawMessage("2")},
			{Func: "json", Op: "google_maps.city_name_match", OpArgs: json.RawMessage(`{"key":"starting_city","values":["Andorra la Vella"]}`)},
			{Func: "json", Op: "google_maps.places_in_cities_visited", OpArgs: json.RawMessage(`"rest_stops"`)},
			{Func: "json", Op: "google_maps.city_different_from_rest_stops"},
			{Func: "json", Op: "google_maps.validate_elevation_meters"},
		}},
	}, []string{stops, stops, andorraTrip(vp.FormattedAddress, 2000)}
}

// BenchmarkScore measures scoring throughput: cold is a new Scorer per
// round (every maps call made), warm reuses one (identical calls
// remembered), as a run over many answers does.
func BenchmarkScore(b *testing.B) {
	tasks, answers := benchTasks(b)
	n := 0
	for _, t := range tasks {
		n += len(t.Evaluators)
	}
	ctx := context.Background()
	for _, mode := range []string{"cold", "warm"} {
		b.Run(mode, func(b *testing.B) {
			s := NewScorer(engine(b))
			for b.Loop() {
				if mode == "cold" {
					s = NewScorer(engine(b))
				}
				for i, t := range tasks {
					if _, _, err := s.Score(ctx, t, answers[i]); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "evaluators/s")
		})
	}
}

// BenchmarkPipeline measures the pipeline language alone on a road-trip
// answer.
func BenchmarkPipeline(b *testing.B) {
	p, err := ParsePipeline("json -> get(routes) -> foreach -> get(cities_visited) -> len")
	if err != nil {
		b.Fatal(err)
	}
	ans := andorraTrip("x", 1)
	for b.Loop() {
		if _, err := p.Eval(ans); err != nil {
			b.Fatal(err)
		}
	}
}
