package mapschat

import (
	"regexp"
	"strings"
)

// An address pasted as a block of lines (a name, a street, "Dover, DE
// 19901") is one place: read line by line it runs the street into the
// town ("Brown Road Dover").

var (
	// reTownLine is a block's last line: a town, its state, maybe a ZIP
	// ("Dover, DE 19901"); without the comma, the ZIP is needed ("milford
	// de 19963").
	reTownLine = regexp.MustCompile(`^([A-Za-z][A-Za-z .'-]*?)(?:,\s*[A-Za-z]{2}\.?(?:\s+\d{5}(?:-\d{4})?)?|\s+[A-Za-z]{2}\.?\s+\d{5}(?:-\d{4})?)$`)
	// reNumbered is a street line that starts with its number.
	reNumbered = regexp.MustCompile(`^\d{1,6}\s+[A-Za-z]`)
)

// unfoldBlock is text with its first pasted address block written on one
// line, and that line; ok false when text holds no such block.
func unfoldBlock(text string) (unfolded, addr string, ok bool) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for end := range lines {
		town := reTownLine.FindStringSubmatch(strings.TrimSpace(lines[end]))
		if town == nil {
			continue
		}
		start := end
		for start > 0 && strings.TrimSpace(lines[start-1]) != "" && end-start < 3 {
			start--
		}
		if start == end {
			continue // a town alone is no block
		}
		addr = blockPlace(lines[start:end], town[1])
		var before, after []string
		for _, l := range lines[:start] {
			if l = strings.TrimSpace(l); l != "" {
				before = append(before, l)
			}
		}
		for _, l := range lines[end+1:] {
			if l = strings.TrimSpace(l); l != "" {
				after = append(after, l)
			}
		}
		parts := append(before, addr+".")
		return strings.Join(append(parts, after...), " "), addr, true
	}
	return text, "", false
}

// blockPlace is the place a block's lines above its town line name: the
// numbered street in the town, else the first line (the place's name).
func blockPlace(lines []string, town string) string {
	for _, l := range lines {
		if l = strings.TrimSpace(l); reNumbered.MatchString(l) {
			return l + ", " + town
		}
	}
	return strings.TrimSpace(lines[0])
}
