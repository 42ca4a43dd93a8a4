// Package plot draws Argo figures with gonum.org/v1/plot: profiles
// (a variable against pressure, pressure increasing downward), time
// series, temperature–salinity diagrams and float trajectories over
// Natural Earth coastlines, as SVG or PNG. A Figure holds the values a
// query returned; every point drawn is one of them.
package plot

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Kind is what a figure shows.
type Kind string

// Figure kinds.
const (
	// Profile: X a measured variable, Y pressure in dbar increasing downward.
	Profile Kind = "profile"
	// TimeSeries: X time in Unix seconds (UTC), Y a variable.
	TimeSeries Kind = "time_series"
	// TSDiagram: X practical salinity, Y temperature.
	TSDiagram Kind = "ts_diagram"
	// Trajectory: X longitude, Y latitude (degrees), over coastlines.
	Trajectory Kind = "trajectory"
)

// Errors; check with errors.Is.
var (
	ErrKind   = errors.New("unknown figure kind")
	ErrNoData = errors.New("figure has no points")
	ErrValue  = errors.New("figure has a value that is not a finite number")
	ErrFormat = errors.New("unsupported image format")
)

// Axis names an axis and its unit.
type Axis struct {
	Name string `json:"name"`
	Unit string `json:"unit,omitempty"`
}

// Label is the axis label: "Temperature (°C)".
func (a Axis) Label() string {
	if a.Unit == "" {
		return a.Name
	}
	return a.Name + " (" + a.Unit + ")"
}

// Point is one plotted value.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Series is one line of points, named in the legend (a float, a cycle).
type Series struct {
	Name   string  `json:"name"`
	Points []Point `json:"points"`
}

// Figure is a plot to draw. Axes left empty take the kind's defaults
// (pressure in dbar, time in UTC, longitude and latitude in degrees).
type Figure struct {
	Kind   Kind     `json:"kind"`
	Title  string   `json:"title"`
	X      Axis     `json:"x"`
	Y      Axis     `json:"y"`
	Series []Series `json:"series"`
}

// Format is an image format.
type Format string

// Image formats.
const (
	SVG Format = "svg"
	PNG Format = "png"
)

// ContentType is the format's media type.
func (f Format) ContentType() string {
	if f == PNG {
		return "image/png"
	}
	return "image/svg+xml"
}

// FormatOf returns the format a file name's extension asks for.
func FormatOf(path string) (Format, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".svg":
		return SVG, nil
	case ".png":
		return PNG, nil
	default:
		return "", fmt.Errorf("%w: %q (want a file name ending in .svg or .png)", ErrFormat, path)
	}
}

// withDefaults fills the axes the kind fixes.
func (f Figure) withDefaults() Figure {
	def := func(a *Axis, name, unit string) {
		if a.Name == "" {
			a.Name, a.Unit = name, unit
		}
	}
	switch f.Kind {
	case Profile:
		def(&f.Y, "Pressure", "dbar")
	case TimeSeries:
		def(&f.X, "Time", "UTC")
	case TSDiagram:
		def(&f.X, "Practical salinity", "PSU")
		def(&f.Y, "Temperature", "°C")
	case Trajectory:
		def(&f.X, "Longitude", "°E")
		def(&f.Y, "Latitude", "°N")
	}
	return f
}

// Validate reports what is wrong with the figure: an unknown kind, no
// points, a value that is NaN or infinite, a position off the globe.
func (f Figure) Validate() error {
	switch f.Kind {
	case Profile, TimeSeries, TSDiagram, Trajectory:
	default:
		return fmt.Errorf("%w: %q (want profile, time_series, ts_diagram or trajectory)", ErrKind, f.Kind)
	}
	n := 0
	for _, s := range f.Series {
		for i, p := range s.Points {
			if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
				return fmt.Errorf("%w: series %q point %d is (%g, %g)", ErrValue, s.Name, i, p.X, p.Y)
			}
			if f.Kind == Trajectory && (p.X < -180 || p.X > 360 || p.Y < -90 || p.Y > 90) {
				return fmt.Errorf("%w: series %q point %d (%g, %g) is not a longitude and latitude", ErrValue, s.Name, i, p.X, p.Y)
			}
			n++
		}
	}
	if n == 0 {
		return fmt.Errorf("%w: %s %q", ErrNoData, f.Kind, f.Title)
	}
	return nil
}

// Render draws f to w in format.
func Render(w io.Writer, f Figure, format Format) error {
	p, width, height, err := build(f)
	if err != nil {
		return err
	}
	var c vg.CanvasWriterTo
	switch format {
	case SVG:
		c = vgsvg.New(width, height)
	case PNG:
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(96))}
	default:
		return fmt.Errorf("%w: %q (want svg or png)", ErrFormat, format)
	}
	p.Draw(draw.New(c))
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("plot: writing %s: %w", format, err)
	}
	return nil
}

// build makes the gonum plot of f and its size.
func build(f Figure) (*gplot.Plot, vg.Length, vg.Length, error) {
	if err := f.Validate(); err != nil {
		return nil, 0, 0, err
	}
	f = f.withDefaults()
	p := gplot.New()
	p.Title.Text = f.Title
	p.X.Label.Text = f.X.Label()
	p.Y.Label.Text = f.Y.Label()
	p.Add(plotter.NewGrid())
	width, height := 16*vg.Centimeter, 12*vg.Centimeter
	switch f.Kind {
	case Profile:
		// Pressure increases downward, as in the ocean.
		p.Y.Scale = gplot.InvertedScale{Normalizer: gplot.LinearScale{}}
		p.Y.Tick.Marker = numberTicks{}
		p.X.Tick.Marker = numberTicks{}
		width, height = 12*vg.Centimeter, 16*vg.Centimeter
	case TimeSeries:
		p.X.Tick.Marker = monthTicks{}
		p.Y.Tick.Marker = numberTicks{}
	case TSDiagram:
		p.X.Tick.Marker, p.Y.Tick.Marker = numberTicks{}, numberTicks{}
	case Trajectory:
		p.X.Tick.Marker, p.Y.Tick.Marker = numberTicks{}, numberTicks{}
		width, height = mapFrame(p, f)
	}
	for i, s := range f.Series {
		xys := make(plotter.XYs, len(s.Points))
		for j, pt := range s.Points {
			xys[j] = plotter.XY{X: pt.X, Y: pt.Y}
		}
		col := plotutil.Color(i)
		sc, err := plotter.NewScatter(xys)
		if err != nil {
			return nil, 0, 0, fmt.Errorf("plot: series %q: %w", s.Name, err)
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: col, Radius: vg.Points(2), Shape: draw.CircleGlyph{}}
		if f.Kind == TSDiagram {
			p.Add(sc)
		} else {
			ln, err := plotter.NewLine(xys)
			if err != nil {
				return nil, 0, 0, fmt.Errorf("plot: series %q: %w", s.Name, err)
			}
			ln.Color, ln.Width = col, vg.Points(1)
			p.Add(ln, sc)
		}
		if s.Name != "" {
			p.Legend.Add(s.Name, sc)
		}
	}
	p.Legend.Top = true
	if f.Kind == Profile {
		// from the surface down; the legend where a profile rarely is
		p.Y.Min = min(p.Y.Min, 0)
		p.Legend.Top = false
	}
	return p, width, height, nil
}

// monthTicks mark the first of a month every 1, 2, 3, 6 or 12·k months
// (about five labels), or days when the span is under two months; times
// are Unix seconds in UTC.
type monthTicks struct{}

func (monthTicks) Ticks(lo, hi float64) []gplot.Tick {
	from, to := time.Unix(int64(lo), 0).UTC(), time.Unix(int64(hi), 0).UTC()
	months := (to.Year()-from.Year())*12 + int(to.Month()-from.Month())
	if months < 2 {
		return gplot.TimeTicks{Format: "2006-01-02"}.Ticks(lo, hi)
	}
	step := 1
	for _, s := range []int{1, 2, 3, 6, 12, 24, 60, 120} {
		step = s
		if months/s <= 6 {
			break
		}
	}
	var ts []gplot.Tick
	t := time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, time.UTC)
	for ; !t.After(to); t = t.AddDate(0, 1, 0) {
		v := float64(t.Unix())
		if v < lo {
			continue
		}
		idx := t.Year()*12 + int(t.Month()) - 1
		if idx%step == 0 {
			label := t.Format("2006-01")
			if step >= 12 {
				label = t.Format("2006")
			}
			ts = append(ts, gplot.Tick{Value: v, Label: label})
		} else {
			ts = append(ts, gplot.Tick{Value: v})
		}
	}
	return ts
}

// numberTicks are gonum's default ticks labelled as plain numbers (1000,
// 12.5) rather than with a fixed number of decimals (1000.00).
type numberTicks struct{}

func (numberTicks) Ticks(min, max float64) []gplot.Tick {
	ts := gplot.DefaultTicks{}.Ticks(min, max)
	for i := range ts {
		if ts[i].Label != "" {
			v, _ := strconv.ParseFloat(strconv.FormatFloat(ts[i].Value, 'g', 10, 64), 64)
			ts[i].Label = strconv.FormatFloat(v, 'f', -1, 64)
		}
	}
	return ts
}

// mapFrame sets the map's extent around the tracks (at least 14 degrees of
// longitude by 10 of latitude, so nearby coasts show; with a margin), adds the coastlines inside it, and returns a size
// whose aspect is that of the region at its mean latitude.
func mapFrame(p *gplot.Plot, f Figure) (vg.Length, vg.Length) {
	minX, maxX, minY, maxY := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, s := range f.Series {
		for _, pt := range s.Points {
			minX, maxX = min(minX, pt.X), max(maxX, pt.X)
			minY, maxY = min(minY, pt.Y), max(maxY, pt.Y)
		}
	}
	grow := func(lo, hi, least float64) (float64, float64) {
		pad := max((least-(hi-lo))/2, 0) + 0.15*max(hi-lo, least)
		return lo - pad, hi + pad
	}
	minX, maxX = grow(minX, maxX, 14)
	minY, maxY = grow(minY, maxY, 10)
	minY, maxY = max(minY, -90), min(maxY, 90)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = minX, maxX, minY, maxY
	lines, err := Coastlines()
	if err == nil {
		p.Add(coastPlotter{lines: lines, minX: minX, maxX: maxX, minY: minY, maxY: maxY})
		p.X.Label.Text += "\n" + CoastAttribution
	}
	// Equirectangular at the mean latitude: a degree of longitude is
	// cos(lat) of a degree of latitude.
	aspect := (maxX - minX) * math.Cos((minY+maxY)/2*math.Pi/180) / (maxY - minY)
	w := 16 * vg.Centimeter
	h := vg.Length(float64(w)/aspect) + 2*vg.Centimeter
	return w, min(max(h, 8*vg.Centimeter), 24*vg.Centimeter)
}

// coastPlotter draws coastlines clipped to the map. It has no DataRange,
// so it never widens the axes.
type coastPlotter struct {
	lines                  []Line
	minX, maxX, minY, maxY float64
}

var coastColor = color.RGBA{R: 110, G: 110, B: 110, A: 255}

func (cp coastPlotter) Plot(c draw.Canvas, p *gplot.Plot) {
	trX, trY := p.Transforms(&c)
	sty := draw.LineStyle{Color: coastColor, Width: vg.Points(0.6)}
	boxes := coastBoxes()
	for i, l := range cp.lines {
		if b := boxes[i]; b[2] < cp.minX || b[0] > cp.maxX || b[3] < cp.minY || b[1] > cp.maxY {
			continue // wholly off the map
		}
		var pts []vg.Point
		flush := func() {
			if len(pts) > 1 {
				c.StrokeLines(sty, c.ClipLinesXY(pts)...)
			}
			pts = pts[:0]
		}
		for _, q := range l {
			// a line of the world file may cross the map's edge; points
			// far outside are cut so no segment spans the map.
			if q[0] < cp.minX-5 || q[0] > cp.maxX+5 || q[1] < cp.minY-5 || q[1] > cp.maxY+5 {
				flush()
				continue
			}
			pts = append(pts, vg.Point{X: trX(q[0]), Y: trY(q[1])})
		}
		flush()
	}
}
