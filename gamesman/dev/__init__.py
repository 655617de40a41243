"""Developers' tools: benchmarks and the README's table of solved variants."""
