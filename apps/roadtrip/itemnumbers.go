package roadtrip

import (
	"regexp"
	"slices"
	"strconv"

	"github.com/cairn-agents/cairn/understand"
)

// itemNumberRE is the number of a numbered list's line: "1. one
// pharmacy", "2) End: Dover".
var itemNumberRE = regexp.MustCompile(`(?m)^[ \t]*(\d{1,2})[.)][ \t]`)

// dropItemNumbers leaves out of r's quantities the numbers of a numbered
// list's lines (two lines or more): "1. one pharmacy\n2. in Delaware"
// asks for one pharmacy, not two; the numbers only order the lines.
func dropItemNumbers(r *understand.Reading) {
	ix := itemNumberRE.FindAllStringSubmatchIndex(r.Text, -1)
	if len(ix) < 2 {
		return
	}
	items := map[int]float64{}
	for _, m := range ix {
		n, _ := strconv.Atoi(r.Text[m[2]:m[3]])
		items[m[2]] = float64(n)
	}
	r.Quantities = slices.DeleteFunc(r.Quantities, func(x understand.Quantity) bool {
		n, ok := items[x.Start]
		return ok && x.Value == n
	})
}
