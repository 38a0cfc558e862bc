// The events team's remote: its sections are the folders of src/sections.
module.exports = { team: 'events' };
