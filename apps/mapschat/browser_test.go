package mapschat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/cairn-agents/cairn/apps/mapschat"
	"github.com/cairn-agents/cairn/internal/httpgate"
)

// chromium finds Debian's chromium (or another Chrome); without one the
// browser test skips, unless CAIRN_REQUIRE_CHROMIUM=1 (CI) makes it fail.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CAIRN_REQUIRE_CHROMIUM") == "1" {
		t.Fatal("CAIRN_REQUIRE_CHROMIUM=1 but no chromium on PATH (apt-get install chromium)")
	}
	t.Skip("no chromium on PATH: apt-get install chromium to run the browser test")
	return ""
}

// artefacts is where the browser test leaves its screenshots:
// $CAIRN_ARTIFACTS/mapschat when set, else a temporary directory.
func artefacts(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if d := os.Getenv("CAIRN_ARTIFACTS"); d != "" {
		dir = filepath.Join(d, "mapschat")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// servePage is the chat page and API behind the server's front door, as
// cairn serve runs them: the offline maps, no model.
func servePage(t *testing.T, keys []httpgate.Key) (*httptest.Server, *mapschat.Assistant) {
	t.Helper()
	a := newChat(t, mapschat.Options{})
	mux := http.NewServeMux()
	a.Register(mux, offlineEngine(t))
	h, err := httpgate.New(mux, httpgate.Options{Open: mapschat.PagePaths, Keys: keys})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv, a
}

// browserPage is a headless Chromium tab on the page under test.
type browserPage struct {
	t     *testing.T
	ctx   context.Context
	shots string

	mu       sync.Mutex
	problems []string // exceptions and console errors of the page
}

// openBrowser starts Chromium (or skips, see chromium) and collects the
// page's exceptions and console errors; checkProblems fails on them.
func openBrowser(t *testing.T) *browserPage {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a browser")
	}
	path := chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.WindowSize(1280, 800), chromedp.DisableGPU,
		chromedp.UserDataDir(t.TempDir()))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox) // Chromium refuses root with its sandbox
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	p := &browserPage{t: t, ctx: ctx, shots: artefacts(t)}
	exceptions := chromedp.Events(ctx, runtime.ExceptionThrown)
	console := chromedp.Events(ctx, runtime.ConsoleAPICalled)
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			p.problem((&chromedp.ExceptionError{ExceptionDetails: ev.ExceptionDetails}).Error())
		}
	}()
	go func() {
		for ev, err := range console {
			if err != nil {
				return
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError && len(ev.Args) > 0 {
				p.problem(fmt.Sprintf("console.error %s", ev.Args[0].Value))
			}
		}
	}()
	return p
}

func (p *browserPage) problem(s string) {
	p.mu.Lock()
	p.problems = append(p.problems, s)
	p.mu.Unlock()
}

func (p *browserPage) checkProblems() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.problems {
		p.t.Errorf("page: %s", s)
	}
}

// step runs actions, failing the test with what was being done.
func (p *browserPage) step(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a script in the page and decodes its value into v.
func (p *browserPage) eval(expr string, v any) {
	p.t.Helper()
	raw, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]byte](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		p.t.Fatalf("%s: %s: %v", expr, raw, err)
	}
}

// shot saves a screenshot once the map has drawn what it shows.
func (p *browserPage) shot(name string) {
	p.t.Helper()
	p.waitMap()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(p.shots, name), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// waitMap waits for the features of the map's view.
func (p *browserPage) waitMap() {
	p.t.Helper()
	p.step("draw the map", chromedp.Poll[chromedp.Void](`!document.body.dataset.mapLoading && Number(document.body.dataset.features) > 0`,
		chromedp.WithPollingTimeout(20*time.Second)))
}

// ask sends a message and waits for its answer, the n-th of the page.
func (p *browserPage) ask(msg string, n int) {
	p.t.Helper()
	p.step("send "+msg,
		chromedp.SendKeys(chromedp.ID("message"), msg),
		chromedp.Click(chromedp.ID("send")),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(
			`document.querySelectorAll(".msg.assistant").length === %d && !document.body.dataset.busy`, n),
			chromedp.WithPollingTimeout(45*time.Second)))
}

// TestBrowserChat drives the page in headless Chromium: a question whose
// answer marks places on the map, a click on a marker, a drag of the map
// (the new centre is "here" for the next message) and a follow-up whose
// route is drawn. Screenshots are left as artefacts.
func TestBrowserChat(t *testing.T) {
	p := openBrowser(t)
	srv, a := servePage(t, nil)
	ctx := p.ctx
	step, eval, shot, ask := p.step, p.eval, p.shot, p.ask

	step("open the page",
		chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitVisible(chromedp.ID("message")),
		chromedp.Poll[chromedp.Void](`Number(document.body.dataset.features) > 50`, chromedp.WithPollingTimeout(20*time.Second)))
	shot("1-map.png")

	ask("coffee near Wilmington, Delaware", 1)
	var states int
	eval(`document.querySelectorAll(".msg.state").length`, &states)
	if states < 3 {
		t.Errorf("%d states shown while the answer streamed, want each state", states)
	}
	var answer string
	eval(`document.querySelector(".msg.assistant .answer-text").textContent`, &answer)
	type marker struct {
		Name    string
		X, Y    float64
		Visible bool
	}
	var markers []marker
	eval(`(() => { const r = document.getElementById("map").getBoundingClientRect();
		return [...document.querySelectorAll(".marker")].map(m => { const b = m.getBoundingClientRect();
			return {name: m.dataset.name, x: b.left + b.width/2, y: b.top + b.height/2,
				visible: b.left >= r.left && b.right <= r.right && b.top >= r.top && b.bottom <= r.bottom}; }); })()`, &markers)
	if len(markers) == 0 {
		t.Fatalf("no markers on the map; the answer: %q", answer)
	}
	named := 0
	for _, m := range markers {
		if !m.Visible {
			t.Errorf("marker %q at %.0f,%.0f is off the map", m.Name, m.X, m.Y)
		}
		if strings.Contains(answer, m.Name) {
			named++
		}
	}
	if named == 0 {
		t.Errorf("no marker is a place the answer names: markers %+v, answer %q", markers, answer)
	}
	t.Logf("answer: %s (%d markers)", answer, len(markers))

	step("click the first marker", chromedp.Click(chromedp.CSS(".marker")),
		chromedp.WaitVisible(chromedp.ID("details")))
	var details string
	eval(`document.getElementById("details-name").textContent`, &details)
	if details != markers[0].Name {
		t.Errorf("details show %q after a click on marker %q", details, markers[0].Name)
	}
	shot("2-places.png")

	// Drag the map 200 pixels left: its centre, sent with the next
	// message as "here", moves east.
	var before, after struct{ Lat, Lng float64 }
	eval(`({lat: view.lat, lng: view.lng})`, &before)
	step("drag the map",
		chromedp.MouseEvent(chromedp.MousePressed, 900, 400, held, chromedp.ClickCount(1)),
		chromedp.MouseEvent(chromedp.MouseMoved, 800, 400, held),
		chromedp.MouseEvent(chromedp.MouseMoved, 700, 400, held),
		chromedp.MouseEvent(chromedp.MouseReleased, 700, 400, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	eval(`({lat: view.lat, lng: view.lng})`, &after)
	if after.Lng <= before.Lng || after.Lat != before.Lat {
		t.Errorf("dragging the map left moved its centre from %+v to %+v, want east", before, after)
	}

	ask("how far is it from Dover?", 2)
	var route struct {
		Points  int
		OnMap   bool
		Info    string
		Markers int
	}
	eval(`(() => { const pts = document.getElementById("route").getAttribute("points").trim();
		const xy = pts ? pts.split(" ").map(p => p.split(",").map(Number)) : [];
		const r = document.getElementById("map").getBoundingClientRect();
		const info = document.querySelectorAll(".msg.assistant")[1].querySelector(".route-info");
		return {points: xy.length, onMap: xy.length > 0 && xy.every(([x, y]) => x >= -1 && y >= -1 && x <= r.width + 1 && y <= r.height + 1),
			info: info ? info.textContent : "", markers: document.querySelectorAll(".marker").length}; })()`, &route)
	eval(`document.querySelectorAll(".msg.assistant")[1].querySelector(".answer-text").textContent`, &answer)
	t.Logf("follow-up: %s; route %+v", answer, route)
	if route.Points < 10 || !route.OnMap || !strings.HasPrefix(route.Info, "Route: ") {
		t.Errorf("route line %+v: want a drawn line of the route, inside the map, and its distance", route)
	}
	if route.Markers != len(markers) {
		t.Errorf("%d markers with the route, want the %d places it leads among", route.Markers, len(markers))
	}
	shot("3-route.png")

	// The follow-up carried the dragged map's centre.
	sessions, err := a.ListSessions(ctx)
	if err != nil || len(sessions) != 1 {
		t.Fatalf("sessions %v %v", sessions, err)
	}
	s, err := a.Session(ctx, sessions[0].ID)
	if err != nil || len(s.Turns) != 2 {
		t.Fatalf("session: %v %+v", err, s)
	}
	if c := s.Turns[1].Center; c == nil || c.Point == nil || abs(c.Point.Lng-after.Lng) > 1e-5 || abs(c.Point.Lat-after.Lat) > 1e-5 {
		t.Errorf("follow-up centre %+v, want the map's %+v", c, after)
	}
	// The wheel zooms in where it points; the keyboard pans.
	var z0, z1 float64
	eval(`view.zoom`, &z0)
	step("wheel", chromedp.MouseEvent(chromedp.MouseWheel, 800, 300, func(p *input.DispatchMouseEventParams) {
		p.DeltaX, p.DeltaY = 1e-9, -120 // CDP wants deltaX present, and a zero one is left out
	}))
	eval(`view.zoom`, &z1)
	if z1 <= z0 {
		t.Errorf("the wheel did not zoom in: %v -> %v", z0, z1)
	}
	eval(`({lat: view.lat, lng: view.lng})`, &before)
	step("arrow key", chromedp.Focus(chromedp.ID("map")), chromedp.KeyEvent(kb.ArrowRight))
	eval(`({lat: view.lat, lng: view.lng})`, &after)
	if after.Lng <= before.Lng {
		t.Errorf("the right arrow moved the map from %+v to %+v, want east", before, after)
	}
	p.checkProblems()
	t.Logf("screenshots in %s", p.shots)
}

// TestBrowserAPIKey: on a server with API keys the page loads without
// one, asks for it, and with it draws the map and answers.
func TestBrowserAPIKey(t *testing.T) {
	p := openBrowser(t)
	const key = "browser-key-0123456789abcdef"
	srv, _ := servePage(t, []httpgate.Key{{Name: "browser", Secret: key}})
	p.step("open the page", chromedp.Navigate(srv.URL+"/chat"), chromedp.WaitVisible(chromedp.ID("key")))
	var features string
	p.eval(`document.body.dataset.features || ""`, &features)
	if features != "" {
		t.Errorf("the map drew %s features without a key", features)
	}
	p.step("enter the key", chromedp.SendKeys(chromedp.ID("key"), key), chromedp.Click(chromedp.CSS("#key-form button")),
		chromedp.WaitNotVisible(chromedp.ID("key-form")))
	p.waitMap()
	p.ask("hello", 1)
	var answer string
	p.eval(`document.querySelector(".msg.assistant .answer-text").textContent`, &answer)
	if strings.TrimSpace(answer) == "" {
		t.Errorf("no answer with the key")
	}
	p.checkProblems()
}

// held is the left button down, as a drag sends it.
func held(p *input.DispatchMouseEventParams) {
	p.Button, p.Buttons = input.MouseButtonLeft, 1
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
