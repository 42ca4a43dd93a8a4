package mapschat

import (
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/cairn-agents/cairn/understand"
)

// Something to buy named by the item, not the shop ("anywhere to buy
// water", "where can I grab some snacks", "need to pick up ice"): the
// kind of shop that sells it, from a small table of everyday things.

// shopFor is the kind of shop that sells an everyday item, as the maps
// search it. Food and drink are a supermarket's: the offline maps know no
// convenience stores (a query for one finds nothing), and a supermarket
// sells all a corner shop does. Not "food" nor "a drink": one gets those
// at a restaurant or a bar ("where can I get food").
var shopFor = map[string]string{
	"water": "supermarket", "bottled water": "supermarket", "soda": "supermarket",
	"gatorade": "supermarket", "energy drink": "supermarket", "energy drinks": "supermarket", "snacks": "supermarket",
	"a snack": "supermarket", "chips": "supermarket", "crisps": "supermarket", "candy": "supermarket", "sweets": "supermarket",
	"gum": "supermarket", "ice": "supermarket", "a bag of ice": "supermarket", "milk": "supermarket", "bread": "supermarket",
	"eggs": "supermarket", "fruit": "supermarket", "vegetables": "supermarket", "veggies": "supermarket",
	"groceries": "supermarket", "charcoal": "supermarket", "paper plates": "supermarket",
	"batteries": "store", "a phone charger": "store", "phone charger": "store", "a charger": "store", "a charging cable": "store",
	"charging cable": "store", "an umbrella": "store", "a newspaper": "store",
	"painkillers": "pharmacy", "aspirin": "pharmacy", "ibuprofen": "pharmacy", "tylenol": "pharmacy", "advil": "pharmacy",
	"medicine": "pharmacy", "band-aids": "pharmacy", "bandages": "pharmacy", "plasters": "pharmacy", "cough syrup": "pharmacy",
	"sunscreen": "pharmacy", "diapers": "pharmacy", "nappies": "pharmacy",
	"beer": "liquor store", "wine": "liquor store", "a bottle of wine": "liquor store", "liquor": "liquor store",
	"flowers": "florist", "stamps": "post office", "gas": "gas station", "fuel": "gas station",
}

// reBuyItem is a verb of buying and what follows it: "buy some water",
// "grab a snack", "pick up ice".
var reBuyItem = func() *regexp.Regexp {
	items := make([]string, 0, len(shopFor))
	for it := range shopFor {
		items = append(items, regexp.QuoteMeta(it))
	}
	sort.Slice(items, func(i, j int) bool { return len(items[i]) > len(items[j]) }) // longest first
	return regexp.MustCompile(`\b(?:buy|buying|bought|get|getting|grab|grabbing|pick up|picking up|purchase|stock up on|shop for|restock|refill on|top up on)\s+` +
		`(?:(?:some|more|a few|a couple of|extra|cold|fresh|cheap)\s+)*(` + strings.Join(items, "|") + `)\b`)
}()

// boughtItems adds to rd the kind of shop for each everyday item it
// names after a verb of buying, in place of any kind read in the item's
// words ("phone charger" alone asks where to charge a phone). Nothing
// changes when a kind of place is named already before the item ("a
// supermarket? I need to buy milk").
func boughtItems(rd *understand.Reading) *understand.Reading {
	low := strings.ToLower(rd.Text)
	if len(low) != len(rd.Text) {
		return rd
	}
	var add []understand.TermMatch
	for _, m := range reBuyItem.FindAllStringSubmatchIndex(low, -1) {
		s, e := m[2], m[3]
		if strings.HasPrefix(low[e:], " cream") || strings.HasPrefix(low[e:], " station") || strings.HasPrefix(low[e:], " machine") {
			continue // "ice cream", "gas station": kinds of their own
		}
		if slices.ContainsFunc(rd.Terms, func(t understand.TermMatch) bool { return t.End <= s }) {
			continue // the shop is named before what it sells
		}
		add = append(add, understand.TermMatch{Span: understand.Span{Start: s, End: e}, Label: shopFor[low[s:e]]})
	}
	if len(add) == 0 {
		return rd
	}
	out := *rd
	out.Terms = slices.DeleteFunc(slices.Clone(rd.Terms), func(t understand.TermMatch) bool {
		return slices.ContainsFunc(add, func(a understand.TermMatch) bool { return t.Start < a.End && a.Start < t.End })
	})
	out.Terms = append(out.Terms, add...)
	slices.SortFunc(out.Terms, func(a, b understand.TermMatch) int { return a.Start - b.Start })
	return &out
}
