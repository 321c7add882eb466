/**
 * @pitwall/setup-forms/units: parsing, formatting and conversion of setup values with units, and the
 * client of the team's unit settings (GET|PUT /api/teams/{teamId}/settings). Small and React-form
 * free, so the teams remote can use it without loading the forms.
 */
export {
  PSI_PER_BAR,
  parseMeasurement,
  convertPressure,
  convertTemperature,
  convertTemperatureDifference,
  entryUnit,
  unitLabel,
  formatMeasurement,
  displayDigits,
  parseEntry,
  type Measurement,
  type MeasureKind,
  type MeasureUnit,
} from './measurement';
