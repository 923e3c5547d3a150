"""The table's model, without pygame: what a driver shows and offers, and the figures the table draws."""
