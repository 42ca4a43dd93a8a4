package plot

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// svgDoc is the part of an SVG the structure tests read.
type svgDoc struct {
	Width  string `xml:"width,attr"`
	Height string `xml:"height,attr"`
	Texts  []svgText
	Paths  []svgPath
}

type svgText struct {
	X, Y float64 // Y as written: inside gonum's flipped group, -Y is the height above the bottom
	Text string
}

type svgPath struct{ D, Style string }

// parseSVG collects the texts and paths of an SVG in document order.
func parseSVG(t *testing.T, b []byte) svgDoc {
	t.Helper()
	var doc svgDoc
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := func(n string) string {
			for _, a := range se.Attr {
				if a.Name.Local == n {
					return a.Value
				}
			}
			return ""
		}
		switch se.Name.Local {
		case "svg":
			doc.Width, doc.Height = attr("width"), attr("height")
		case "text":
			var s string
			if err := dec.DecodeElement(&s, &se); err != nil {
				t.Fatal(err)
			}
			x, _ := strconv.ParseFloat(attr("x"), 64)
			y, _ := strconv.ParseFloat(attr("y"), 64)
			doc.Texts = append(doc.Texts, svgText{x, y, s})
		case "path":
			doc.Paths = append(doc.Paths, svgPath{attr("d"), attr("style")})
		}
	}
	if doc.Width == "" {
		t.Fatalf("not an SVG document:\n%.300s", b)
	}
	return doc
}

// structure is what the golden files hold: the size, every text in
// order (title, axis labels with units, tick labels, legend) and how many
// paths of each style were drawn.
func (d svgDoc) structure() string {
	var b strings.Builder
	fmt.Fprintf(&b, "size %s x %s\n", d.Width, d.Height)
	for _, tx := range d.Texts {
		fmt.Fprintf(&b, "text %q\n", tx.Text)
	}
	count := map[string]int{}
	for _, p := range d.Paths {
		count[p.Style]++
	}
	styles := make([]string, 0, len(count))
	for s := range count {
		styles = append(styles, s)
	}
	slices.Sort(styles)
	for _, s := range styles {
		fmt.Fprintf(&b, "paths %d %s\n", count[s], s)
	}
	return b.String()
}

func render(t *testing.T, f Figure, format Format) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Render(&buf, f, format); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSVGStructureGolden(t *testing.T) {
	for name, f := range sampleFigures() {
		t.Run(name, func(t *testing.T) {
			got := parseSVG(t, render(t, f, SVG)).structure()
			path := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./ocean/plot -update to write it)", err)
			}
			if got != string(want) {
				t.Errorf("SVG structure of %s changed:\n--- got\n%s--- want\n%s", name, got, want)
			}
		})
	}
}

// textOf finds the text s in d.
func textOf(t *testing.T, d svgDoc, s string) svgText {
	t.Helper()
	for _, tx := range d.Texts {
		if tx.Text == s {
			return tx
		}
	}
	t.Fatalf("no text %q in the SVG; texts: %v", s, d.Texts)
	return svgText{}
}

func TestAxesLabelsAndUnits(t *testing.T) {
	want := map[string][]string{
		"profile":     {"Float 2902269 cycle 10", "Temperature (°C)", "Pressure (dbar)", "cycle 10"},
		"time_series": {"Surface temperature, float 2902269", "Time (UTC)", "Temperature (°C)", "2019-03"},
		"ts_diagram":  {"T–S, float 2902269", "Practical salinity (PSU)", "Temperature (°C)"},
		"trajectory":  {"Float trajectories", "Longitude (°E)", "Latitude (°N)", CoastAttribution, "2902269", "2901623"},
	}
	for name, f := range sampleFigures() {
		d := parseSVG(t, render(t, f, SVG))
		for _, s := range want[name] {
			textOf(t, d, s)
		}
	}
}

func TestProfilePressureIncreasesDownward(t *testing.T) {
	d := parseSVG(t, render(t, sampleFigures()["profile"], SVG))
	// Tick labels of the pressure axis: 0 at the top, deeper lower down.
	top, mid, deep := textOf(t, d, "0"), textOf(t, d, "900"), textOf(t, d, "1800")
	if !(-top.Y > -mid.Y && -mid.Y > -deep.Y) {
		t.Errorf("pressure labels are not top-down 0, 900, 1800: heights %.1f, %.1f, %.1f", -top.Y, -mid.Y, -deep.Y)
	}
	// The other kinds keep Y increasing upward.
	ts := parseSVG(t, render(t, sampleFigures()["ts_diagram"], SVG))
	var heights []float64
	for _, tx := range ts.Texts {
		if _, err := strconv.ParseFloat(tx.Text, 64); err == nil && tx.X < 40 {
			heights = append(heights, -tx.Y)
		}
	}
	if len(heights) < 2 || heights[0] > heights[len(heights)-1] {
		t.Errorf("T–S temperature labels should rise upward; heights %v", heights)
	}
}

// TestPlottedPointsAreTheValues draws each figure on a recording canvas and
// checks that the vertices of each series' line, and its glyphs, sit
// exactly where the figure's values map to.
func TestPlottedPointsAreTheValues(t *testing.T) {
	for name, f := range sampleFigures() {
		t.Run(name, func(t *testing.T) {
			p, w, h, err := build(f)
			if err != nil {
				t.Fatal(err)
			}
			rec := &recorder.Canvas{}
			c := draw.NewCanvas(rec, w, h)
			p.Draw(c)
			dc := p.DataCanvas(c)
			trX, trY := p.Transforms(&dc)
			var strokes, fills [][]vg.Point
			for _, a := range rec.Actions {
				switch a := a.(type) {
				case *recorder.Stroke:
					strokes = append(strokes, pathPoints(a.Path))
				case *recorder.Fill:
					fills = append(fills, pathPoints(a.Path))
				}
			}
			for _, s := range f.Series {
				want := make([]vg.Point, len(s.Points))
				for i, pt := range s.Points {
					want[i] = vg.Point{X: trX(pt.X), Y: trY(pt.Y)}
				}
				if f.Kind != TSDiagram && !slices.ContainsFunc(strokes, func(got []vg.Point) bool { return samePoints(got, want) }) {
					t.Errorf("series %q: no line through exactly its %d values", s.Name, len(want))
				}
				for i, pt := range want {
					// a circle glyph's path starts at its centre plus the radius
					if !slices.ContainsFunc(fills, func(got []vg.Point) bool {
						return len(got) > 0 && near(got[0].X-vg.Points(2), pt.X) && near(got[0].Y, pt.Y)
					}) {
						t.Errorf("series %q: no glyph at value %d %v", s.Name, i, s.Points[i])
					}
				}
			}
		})
	}
}

func pathPoints(p vg.Path) []vg.Point {
	var pts []vg.Point
	for _, c := range p {
		if c.Type == vg.MoveComp || c.Type == vg.LineComp {
			pts = append(pts, c.Pos)
		}
		if c.Type == vg.ArcComp && len(pts) == 0 {
			pts = append(pts, vg.Point{X: c.Pos.X + c.Radius, Y: c.Pos.Y})
		}
	}
	return pts
}

func near(a, b vg.Length) bool { return math.Abs(float64(a-b)) < 1e-9 }

func samePoints(a, b []vg.Point) bool {
	return len(a) == len(b) && !slices.ContainsFunc(a, func(p vg.Point) bool {
		i := slices.Index(a, p)
		return !near(p.X, b[i].X) || !near(p.Y, b[i].Y)
	})
}

func TestPNG(t *testing.T) {
	img, err := png.Decode(bytes.NewReader(render(t, sampleFigures()["profile"], PNG)))
	if err != nil {
		t.Fatal(err)
	}
	// 12 x 16 cm at 96 dpi
	if b := img.Bounds(); b.Dx() != 454 || b.Dy() != 605 {
		t.Errorf("PNG is %dx%d, want 454x605", b.Dx(), b.Dy())
	}
}

func TestBadFigures(t *testing.T) {
	good := sampleFigures()["profile"]
	for _, c := range []struct {
		name string
		f    Figure
		want error
		says string
	}{
		{"kind", Figure{Kind: "pie", Series: good.Series}, ErrKind, `"pie"`},
		{"empty", Figure{Kind: Profile, Title: "x"}, ErrNoData, "profile"},
		{"nan", Figure{Kind: TimeSeries, Series: []Series{{Name: "a", Points: []Point{{1, math.NaN()}}}}}, ErrValue, `series "a" point 0`},
		{"position", Figure{Kind: Trajectory, Series: []Series{{Name: "b", Points: []Point{{65, 95}}}}}, ErrValue, "not a longitude and latitude"},
	} {
		err := Render(&bytes.Buffer{}, c.f, SVG)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: got %v, want %v saying %s", c.name, err, c.want, c.says)
		}
	}
	if err := Render(&bytes.Buffer{}, good, "gif"); !errors.Is(err, ErrFormat) {
		t.Errorf("gif: got %v, want ErrFormat", err)
	}
	for path, want := range map[string]Format{"a.svg": SVG, "dir/B.PNG": PNG} {
		if got, err := FormatOf(path); got != want || err != nil {
			t.Errorf("FormatOf(%s) = %q, %v", path, got, err)
		}
	}
	if _, err := FormatOf("plot.jpg"); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), ".svg or .png") {
		t.Errorf("FormatOf(plot.jpg) = %v", err)
	}
}

func BenchmarkRender(b *testing.B) {
	for _, name := range []string{"profile", "trajectory"} {
		for _, format := range []Format{SVG, PNG} {
			b.Run(name+"/"+string(format), func(b *testing.B) {
				f := sampleFigures()[name]
				for b.Loop() {
					if err := Render(io.Discard, f, format); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
