// Package flow is Cairn's graph engine: nodes over a typed state, plain and
// conditional edges, bounded cycles, parallel fan-out with a field-wise
// merge, per-node timeouts and retries, one event stream, checkpoints a
// run resumes from after its process died, and questions a run waits on
// (Ask).
//
// The state S must round-trip through encoding/json: checkpoints store it,
// parallel branches get deep copies of it, and the merge works on its JSON
// fields. Keep what matters in exported fields.
//
// A small graph, a loop bounded by Limit:
//
//	g := flow.New[Draft]("review")
//	g.Node("write", write)   // func(ctx, Draft) (Draft, error)
//	g.Node("judge", judge)
//	g.Start("write")
//	g.Edge("write", "judge")
//	g.Branch("judge", func(d Draft) string {
//		if d.Score >= 5 {
//			return flow.End
//		}
//		return "write"
//	}, "write", flow.End)
//	g.Limit("judge", 3)          // after the third judge ...
//	g.OnLimit("judge", flow.End) // ... the run ends whatever the branch says
//	r, err := g.Build()          // every mistake is reported here
//	if err != nil { ... }
//	final, err := r.Invoke(ctx, Draft{}) // the final state, nothing kept
//	for ev, err := range r.Run(ctx, Draft{}) {
//		// RunStart, NodeStart, the node's own events (decisions, tool
//		// calls), NodeEnd, StateSet, Checkpoint ..., RunEnd (err != nil
//		// when the run failed)
//	}
//
// A run pays only for what it uses. Invoke runs on the caller's goroutine
// and sends events straight to the sinks in its context (event.WithSink);
// with no sink it builds no event and encodes the state as JSON once, up
// front, unless a Store or a parallel merge needs it. A node without a
// Timeout runs on the run's goroutine, so it must return when its context
// is cancelled; give it a Timeout to have the engine abandon it. Ranging
// over Run adds one goroutine per run, so the loop sees each event as it
// happens.
//
// Parallel runs several nodes at once after a node, each on its own copy
// of the state, and merges what they changed back into the state from
// before the fan-out, one top-level JSON field at a time: a field one branch
// changed is taken from it; a field several branches changed needs a
// reducer (Reduce), else the step fails with a ConflictError naming the
// field and the branches. Branches that set a field to the same value do
// not conflict.
//
// With Graph.Store set, the run saves a Checkpoint after every step;
// Runner.Resume continues a run from its latest one. To survive the death
// of the process, use a FileStore and a run ID the next process knows (Run
// makes a fresh one, reported in every event's RunID):
//
//	g.Store, err = flow.NewFileStore(dir)
//	r, err := g.Build()
//	for ev, err := range r.RunWithID(ctx, "trip-42", s0) { ... }
//	// after a crash, in a new process with the same graph:
//	for ev, err := range r.Resume(ctx, "trip-42") { ... }
//
// A step interrupted by a crash runs again, so nodes with side effects
// should be idempotent; a parallel step re-runs all its branches. Only the
// state S is restored: anything a node keeps outside S is gone.
//
// A node can stop the run to ask a person something and go on with the
// answer, an hour or a week later, in this process or another (Ask needs
// a Store):
//
//	g.Node("approve", func(ctx context.Context, s Shortlist) (Shortlist, error) {
//		ok, err := flow.Ask[bool](ctx, "Publish these events?")
//		if err != nil {
//			return s, err // no answer yet: the run waits
//		}
//		s.Approved = ok
//		return s, nil
//	})
//	g.OnNoAnswer("approve", 48*time.Hour, "expired") // optional deadline edge
//	_, err := r.Invoke(ctx, s0)
//	var ie *flow.InterruptedError // errors.Is(err, flow.ErrInterrupted)
//	if errors.As(err, &ie) { show(ie.Requests) } // ID, question, options, schema
//	// later, maybe in another process:
//	s, err := r.Answer(ctx, ie.RunID, ie.Requests[0].ID, true)
//
// The run saves the state the node was given and the request (its
// answer's JSON schema comes from the type asked for), and ends with an
// *InterruptedError. Answer checks the answer against the schema
// (ErrBadAnswer), runs the node again on the saved state, where Ask now
// returns the answer, and goes on. An answer to a run that does not wait
// for it (finished, cancelled, answered already) is ErrNotWaiting; a
// refused answer changes nothing stored. Parallel branches may ask: the
// run waits until every question has an answer, and branches that
// finished do not run again. Nothing waits in memory: no goroutine, no
// timer. A deadline (OnNoAnswer) is checked when an answer comes
// (ErrDeadlinePassed) and by Expire, which the caller's sweep calls and
// which takes the declared edge; Cancel ends a waiting run; Pending reads
// what a run waits for. The node runs again from its start, so code
// before Ask must be safe to repeat. Events Interrupt and Resume report
// the question and the answer.
//
// A node's settings (Graph.Settings) bound each attempt with a timeout and
// retry it; OnError turns a node's last failure (an error, a timeout, a
// panic) into state, so a system that must go on when one agent fails
// says so in one line instead of writing its own goroutine.
//
// Traversal (which node is next, merges, OnError, checkpoints) lives in
// Runner; running a node lives behind Executor, so a durable executor can
// run nodes elsewhere: it sends the node's name and the state as JSON to
// a process holding the same graph, which answers with Runner.CallNode.
// InProcess is the default.
package flow
