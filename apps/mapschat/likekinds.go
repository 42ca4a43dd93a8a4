package mapschat

import "regexp"

// A kind named by a brand that stands for it ("a Walmart-type store",
// "some Costco-style place") is searched as that brand: the maps know
// brands, not "Walmart-type stores".

// reBrandType is a brand joined to "-type", "-style" or "-like" before
// a word for any shop or place.
var reBrandType = regexp.MustCompile(`(?i)\b([\p{L}'’&]+)[- ](?:type|style|like)\s+(?:store|shop|place|spot|joint|chain|outlet)s?\b`)

// withBrandKinds is text with each brand-type shop written as the brand.
func withBrandKinds(text string) string {
	return reBrandType.ReplaceAllString(text, "$1")
}
