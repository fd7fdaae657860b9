"""The Fed's website as pure functions: calendar parsing, page cleaning, chunking, fetching."""
