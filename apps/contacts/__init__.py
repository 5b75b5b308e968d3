"""Contacts: the address book over the shared contacts provider; a contact picker."""
