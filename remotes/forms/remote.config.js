// The forms team's remote: its sections are the folders of src/sections.
module.exports = { team: 'forms' };
