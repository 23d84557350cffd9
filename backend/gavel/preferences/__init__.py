"""A staff user's own desk settings (issue 29): the density of every list, each list's columns (which are
shown, in which order), and saved views (a named search, filters, sort and columns of one list, private or
shared).

They are kept on the server so that they follow the person to another machine. Only the signed-in user reads
and changes their own; a shared view is read by everyone and changed only by the person who saved it. Nothing
here is audited: it is a person's own desk, not the business's records.
"""
