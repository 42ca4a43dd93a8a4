// Package temporal runs flow graphs as Temporal workflows, so a run
// survives the death of its process and its nodes spread over workers on
// many machines.
//
// A run of a graph is a workflow named "flow:" + the graph's name. Its
// code is flow's own traversal (Runner.Invoke on a runner whose Executor
// is this package's): which node is next, branches, Limit and OnLimit,
// the step limit, parallel fan-outs and their merge, OnError. All of it
// is deterministic given the nodes' results, which is what Temporal
// replays. Each node execution is an activity named "flow:" + graph + "."
// + node that runs Runner.CallNode on the worker's copy of the graph; the
// state goes to it and comes back as JSON. Parallel branches run as
// workflow coroutines (flow.Spawner), each scheduling its activity.
//
// A node's flow.NodeSettings become the activity's: the worker bounds
// each attempt by Timeout itself (the error wraps flow.ErrTimeout as in
// process) and the cluster's StartToCloseTimeout is a backstop past it;
// Retry.Attempts, Backoff and MaxBackoff become the retry policy
// (coefficient 2); Retry.If runs on the worker, which marks an error it
// rejects non-retryable. A worker heartbeats while a node runs, so the
// attempt of a worker that died is given to another after
// Options.Heartbeat; such lost attempts get Options.LostAttempts more
// tries on top of the node's own. After the last attempt the workflow
// sees the same *flow.NodeError (same message, same errors.Is) as in
// process, so OnError and the run's error read the same.
//
// A worker serves a set of graphs:
//
//	w := worker.New(c, "cairn", worker.Options{})
//	temporal.Register(w, tripRunner, temporal.Options{})
//	temporal.Register(w, benchRunner, temporal.Options{})
//	err := w.Run(worker.InterruptCh())
//
// and a client runs one of them:
//
//	final, err := temporal.Invoke(ctx, c, client.StartWorkflowOptions{
//		ID: "trip-42", TaskQueue: "cairn"}, tripRunner, s0)
//
// Every worker of a task queue must register the same graphs with the
// same Options: the options shape the workflow's commands.
//
// A run's events (progress lines, traces) reach the caller: Engine.Run
// polls the workflow's EventsQuery while it runs. A node that asks
// (flow.Ask) waits for its answers, which arrive as the AnswerUpdate
// workflow update.
//
// A state travels as JSON through the workflow's history, where the
// cluster refuses a payload past 2 MiB by default. A client from Dial
// with Connection.Payloads.Store puts every payload past
// PayloadOptions.Threshold (128 KiB) in that PayloadStore (DirStore: a
// directory, shared by every machine) and leaves a reference with the
// blob's SHA-256 in history; without a store, such a state fails its
// node at once with ErrPayloadTooLarge, saying to configure one.
//
// Not yet: a question's OnNoAnswer deadline is not enforced on the
// cluster (see AnswerUpdate); a run never continues as new, so its
// history is bounded by the cluster's 51,200 events (about 8,000 nodes in
// sequence).
package temporal
