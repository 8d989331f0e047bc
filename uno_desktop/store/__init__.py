"""What the game keeps on disk: where files live, documents written safely, the folder
lock, settings and statistics."""
