"""The strong solver: values and remoteness, its engines, and the databases it keeps."""
