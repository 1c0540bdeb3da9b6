"""What the front ends (the `drez` commands, the web app) share, below both: reading what a
person gives (inputs, records, pick), the error kinds of bad input (errors), the JSON
objects of every answer (jsonout) and the sentences about results (sentences).

Nothing here prints or knows about click or HTTP: the CLI turns an `InputError` into its
one-line message and exit status 2, the web app into `{"error": ...}` with status 400.
"""
