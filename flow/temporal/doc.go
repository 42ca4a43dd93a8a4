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
// Not yet: events (progress, traces) do not reach the caller; Ask has no
// Store to wait with; a state goes through history however large it is
// (Temporal refuses payloads past 2 MB by default).
package temporal
