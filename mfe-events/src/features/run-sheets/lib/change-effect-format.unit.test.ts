import { changeLabel, changeText } from './change-effect-format';

describe('changeLabel: a changed field named for people', () => {
  it('says a suspension field in words', () => {
    expect(changeLabel({ section: 'suspension', field: 'frontCamber' })).toBe('Front camber');
    expect(changeText({ section: 'suspension', field: 'rearRideHeight', from: '92 mm', to: null })).toBe('Rear ride height 92 mm → —');
  });
  it('names a row by its gear or tire condition', () => {
    expect(changeLabel({ section: 'gear-ratios', field: '3rd.ratio' })).toBe('3rd ratio');
    expect(changeLabel({ section: 'tire-pressures', field: 'Dry (Cold).frontLeft' })).toBe('Dry (Cold) front left');
  });
  it("uses the setup sheet's own labels with their units", () => {
    expect(changeLabel({ section: 'setup-sheet', field: 'corners.fl.camberDeg' })).toBe('FL camber (°)');
  });
});
