"""The lesson screens: the lesson at the table, the lesson list, drills, the coach panel and the spotlight."""
