"""One module per rulebook section; each refuses with the clause it enforces."""
