package roadtrip

import "regexp"

// This file reads a meeting told as a meal or a drink shared ("we want
// to eat dinner together", "grab a coffee together", "have lunch
// together with Ana"): people in several places doing something
// together must first meet.

// mealTogetherRE is a meal or a drink had together.
var mealTogetherRE = regexp.MustCompile(`\b(?:eat|eating|dine|dining|dinner|lunch|breakfast|brunch|supper|coffee|drink|drinks|beer|beers|meal|meals|tea|food|bite)\b[^.!?;]{0,25}?\btogether\b|\btogether\s+(?:for|over)\s+(?:a\s+|an\s+|some\s+)?(?:dinner|lunch|breakfast|brunch|supper|coffee|drink|drinks|beer|meal|tea|bite)\b`)

// mealTogether says whether the question has people eat or drink
// together.
func (q *question) mealTogether() bool { return mealTogetherRE.MatchString(q.lower) }
