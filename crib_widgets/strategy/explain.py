"""Plain-word explanations of discard options (filled in later)."""

def explain_option(option, best, *, players, dealer):
    return ""
