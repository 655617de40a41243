"""Developers' tools: benchmarks and the docs' table of solved variants."""
